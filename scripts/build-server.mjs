/*
 * `npm run build:server`: bundles the server (apps/api/src/main.ts) and the migrate step
 * (apps/api/src/migrate.ts) into plain JavaScript under apps/api/dist, which `npm run serve` and
 * `npm run db:migrate` run with no TypeScript loader. The workspace packages (@traffic/shared,
 * @traffic/db, shipped as TypeScript source) are bundled in; every other package stays an import
 * from node_modules, so the production image needs only `npm ci --omit=dev`.
 *
 * A bundled module's `import.meta.url` is rewritten to the URL its source file would have, relative
 * to the bundle, so that paths it resolves (packages/db/migrations, apps/web/dist) stay right
 * wherever the tree is deployed, as long as its layout is kept.
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = resolve(root, 'apps/api/dist');

/** @type {esbuild.Plugin} */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outdir, args.path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** @type {esbuild.Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    // Bare imports are packages from node_modules, except our own workspace packages.
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@traffic/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await esbuild.build({
  absWorkingDir: root,
  entryPoints: { main: 'apps/api/src/main.ts', migrate: 'apps/api/src/migrate.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, keepModuleUrls],
});
console.log(`Built the server into ${relative(root, outdir)}/ (main.js, migrate.js).`);
