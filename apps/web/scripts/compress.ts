/**
 * Runs last in the web build (apps/web "build" script): writes a Brotli (`.br`) and a gzip (`.gz`)
 * copy beside every text file of dist/ that compresses, so the server answers a browser that
 * accepts them with the compressed bytes (apps/api/src/http/web-app.ts, `preCompressed`) without
 * compressing anything per request. A phone on a slow network downloads the app's JavaScript at
 * about a third of its size (docs/performance.md).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than a network packet. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes the compressed copies of dist's text files; returns how many files got copies. */
export function compressDist(dist: string): number {
  let written = 0;
  for (const path of files(dist)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    // A copy no smaller than the file would only cost the client a decode.
    if (br.length < raw.length) writeFileSync(`${path}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
    written += 1;
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = resolve(fileURLToPath(new URL('../dist', import.meta.url)));
  console.log(`compress: Brotli and gzip copies of ${compressDist(dist)} files in ${dist}`);
}
