/**
 * Runs after `vite build` (apps/web "build" script) and fails the build when
 *   - the JavaScript a visitor's browser fetches to show the landing page `/` exceeds
 *     LANDING_JS_BUDGET (gzip -9): what index.html loads (its module script and every
 *     modulepreload) plus the `/` route's lazy screen (the landing screen's chunk and its static
 *     imports), which the router fetches at once; e2e/tests/landing-bundle.spec.ts checks in
 *     Chromium that this is exactly what the browser fetches, or
 *   - a signed-in page of SIGNED_IN_PAGES (/home, /websites) needs more than SIGNED_IN_JS_BUDGET
 *     or more than SIGNED_IN_FILE_BUDGET files for its first paint: index.html's files, the shell's
 *     lazy chunks a confirmed session loads at once (SIGNED_IN_SHELL) and the route's screen with its
 *     static imports; e2e/tests/signed-in-bundle.spec.ts checks in Chromium that this is exactly what
 *     the browser fetches for the page, or
 *   - any chunk a customer can load contains admin feature code (src/features/admin-*), or
 *   - a public page (PUBLIC_SCREENS, pre-rendered: its JavaScript only hydrates it) loads a chunk
 *     holding a signed-in screen or the signed-in shell, TanStack Query's client aside: a chunk runs
 *     whole, and those ran on every visitor's phone for nothing (docs/performance.md, run 10), or
 *   - a public page loads zod with its chunks: zod and the schemas built with it at load ran in the
 *     task that hydrates the page; its forms load their checks when first focused or sent
 *     (src/features/auth/load-form-checks.ts; docs/performance.md, run 14).
 * It reads dist/index.html, Vite's manifest (build.manifest) and the module ids per chunk that
 * vite.config.ts writes next to it (.vite/chunk-modules.json).
 *
 * "Customer-loadable" = every chunk reachable from index.html through static imports, and through
 * dynamic imports except admin-only ones: those whose target is admin code itself (an admin
 * screen's route) or a module named `admin-*` (what a shared screen lazy-loads only for admins, as
 * features/home/admin-home.tsx). Anything else reached only through those stays out of the check.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { LANDING_SCREEN, PUBLIC_SCREENS, QUERY_CLIENT, SIGNED_IN_PAGES, SIGNED_IN_SCREENS, SIGNED_IN_SHELL } from './chunk-roots.ts';

/** A module of zod (or the browser build's alias of it, src/lib/zod-jitless.ts). */
const ZOD_MODULE = /\/node_modules\/zod\/|src\/lib\/zod-jitless\.ts$/;

/** kB of 1,000 bytes, as Vite reports sizes. */
export const LANDING_JS_BUDGET = 160_000;
/** The screen the `/` route lazy-loads (apps/web/src/app/routes.tsx). */
export const LANDING_MODULE = LANDING_SCREEN;
/** A signed-in page's first paint (docs/performance.md): at most this much JavaScript, gzip -9 … */
export const SIGNED_IN_JS_BUDGET = 200_000;
/** … in at most this many files. */
export const SIGNED_IN_FILE_BUDGET = 25;
export type SignedInPage = keyof typeof SIGNED_IN_PAGES;
const ADMIN_CODE = /(^|\/)src\/features\/admin-[^/]+\//;
/** A dynamic import of one of these is loaded for admins only. */
const isAdminDoor = (id: string) => ADMIN_CODE.test(id) || /(^|\/)admin-[^/]*$/.test(id);

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleReport {
  /** The JS files dist/index.html loads (module script and modulepreloads), gzip -9 sizes. */
  landing: { file: string; gzip: number }[];
  landingGzip: number;
  budget: number;
  /** What the `/` route's lazy screen adds on top, fetched as soon as the app starts. */
  landingRoute: { file: string; gzip: number }[];
  landingRouteGzip: number;
  /** Everything the browser fetches for `/`: the budget applies to this. */
  totalGzip: number;
  /** Customer-loadable chunks that contain admin modules, with those modules. */
  adminLeaks: { file: string; modules: string[] }[];
  customerChunks: number;
  /** Public pages whose chunks hold signed-in screens or shell modules, with those modules. */
  publicLeaks: { screen: string; modules: string[] }[];
  /** Public pages whose chunks hold zod. */
  publicZod: string[];
  /** Per signed-in page: every JS file its first paint needs (index.html's, the shell's, its screen's). */
  signedIn: Record<SignedInPage, { files: { file: string; gzip: number }[]; gzip: number }>;
  problems: string[];
}

export function gzipSize(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

export function analyseBundle(distDir: string): BundleReport {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const modules = JSON.parse(readFileSync(join(distDir, '.vite/chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  const problems: string[] = [];

  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('the Vite manifest has no index.html entry');
  if (!manifest[LANDING_MODULE]) throw new Error(`the Vite manifest has no chunk for ${LANDING_MODULE}; update LANDING_MODULE`);

  const staticClosure = (start: string, into = new Set<string>()) => {
    const visit = (key: string) => {
      if (into.has(key)) return;
      into.add(key);
      for (const dep of manifest[key]?.imports ?? []) visit(dep);
    };
    visit(start);
    return into;
  };

  // Exactly what index.html asks the browser for.
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const htmlFiles = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  const landing = htmlFiles.map((file) => ({ file, gzip: gzipSize(join(distDir, file)) }));
  const landingGzip = landing.reduce((sum, f) => sum + f.gzip, 0);
  // The manifest's static closure of the entry must be what index.html lists; else the figure above misses something.
  const entryFiles = new Set([...staticClosure(entryKey)].map((k) => manifest[k]!.file));
  const missing = [...entryFiles].filter((f) => !htmlFiles.includes(f));
  if (missing.length) problems.push(`index.html does not list these statically imported chunks: ${missing.join(', ')}`);

  const landingRoute = [...staticClosure(LANDING_MODULE)]
    .map((k) => manifest[k]!.file)
    .filter((file) => !entryFiles.has(file) && !htmlFiles.includes(file))
    .map((file) => ({ file, gzip: gzipSize(join(distDir, file)) }));
  const landingRouteGzip = landingRoute.reduce((sum, f) => sum + f.gzip, 0);
  const totalGzip = landingGzip + landingRouteGzip;
  const kB = (bytes: number) => (bytes / 1000).toFixed(1);
  if (totalGzip > LANDING_JS_BUDGET) {
    problems.push(
      `the landing page fetches ${kB(totalGzip)} kB of JavaScript (gzip -9: index.html ${kB(landingGzip)} kB + its screen ${kB(landingRouteGzip)} kB), over the ${LANDING_JS_BUDGET / 1000} kB budget`,
    );
  }

  // The chunk holding a module: a lazily imported module captured into a group of vite.config.ts
  // has no manifest entry of its own, so look it up among the chunks' modules.
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const chunkKeyOf = (moduleId: string) => {
    if (manifest[moduleId]) return moduleId;
    const file = Object.keys(modules).find((f) => modules[f]!.includes(moduleId));
    const key = file && keyOfFile.get(file);
    if (!key) throw new Error(`no chunk holds ${moduleId}; update scripts/chunk-roots.ts`);
    return key;
  };
  const signedIn = {} as BundleReport['signedIn'];
  for (const [page, screen] of Object.entries(SIGNED_IN_PAGES) as [SignedInPage, string][]) {
    const keys = new Set<string>();
    for (const root of [screen, ...SIGNED_IN_SHELL]) staticClosure(chunkKeyOf(root), keys);
    const files = [...new Set([...htmlFiles, ...[...keys].map((k) => manifest[k]!.file)])].map((file) => ({
      file,
      gzip: gzipSize(join(distDir, file)),
    }));
    const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
    signedIn[page] = { files, gzip };
    if (gzip > SIGNED_IN_JS_BUDGET || files.length > SIGNED_IN_FILE_BUDGET)
      problems.push(
        `a signed-in ${page} fetches ${files.length} JavaScript files, ${kB(gzip)} kB (gzip -9) before its first paint, over the budget of ${SIGNED_IN_FILE_BUDGET} files and ${SIGNED_IN_JS_BUDGET / 1000} kB`,
      );
  }

  const signedInOnly = new Set([...SIGNED_IN_SCREENS, ...SIGNED_IN_SHELL.filter((id) => id !== QUERY_CLIENT)]);
  const publicLeaks: BundleReport['publicLeaks'] = [];
  const publicZod: string[] = [];
  for (const screen of PUBLIC_SCREENS) {
    const keys = new Set<string>();
    for (const root of [screen, QUERY_CLIENT]) staticClosure(chunkKeyOf(root), keys);
    const held = [...keys].flatMap((k) => modules[manifest[k]!.file] ?? []);
    if (held.some((id) => ZOD_MODULE.test(id))) {
      publicZod.push(screen);
      problems.push(`the public page ${screen} loads zod with its chunks (its checks belong in a module loaded when a form needs them)`);
    }
    const leaked = held.filter((id) => signedInOnly.has(id));
    if (!leaked.length) continue;
    publicLeaks.push({ screen, modules: leaked });
    problems.push(`the public page ${screen} loads signed-in code with its chunks: ${leaked.join(', ')}`);
  }

  const customer = new Set<string>();
  const visit = (key: string) => {
    if (customer.has(key)) return;
    customer.add(key);
    const chunk = manifest[key]!;
    for (const dep of chunk.imports ?? []) visit(dep);
    for (const dep of chunk.dynamicImports ?? []) if (!isAdminDoor(manifest[dep]?.src ?? dep)) visit(dep);
  };
  visit(entryKey);
  const adminLeaks = [...customer]
    .map((k) => ({ file: manifest[k]!.file, modules: (modules[manifest[k]!.file] ?? []).filter((id) => ADMIN_CODE.test(id)) }))
    .filter((c) => c.modules.length > 0);
  for (const leak of adminLeaks) problems.push(`${leak.file}, which customers load, contains admin code: ${leak.modules.join(', ')}`);

  return {
    landing,
    landingGzip,
    budget: LANDING_JS_BUDGET,
    landingRoute,
    landingRouteGzip,
    totalGzip,
    adminLeaks,
    customerChunks: customer.size,
    publicLeaks,
    publicZod,
    signedIn,
    problems,
  };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const dist = resolve(fileURLToPath(new URL('..', import.meta.url)), 'dist');
  const report = analyseBundle(dist);
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(7)} kB`;
  console.log(`JavaScript the browser fetches for the landing page (gzip -9), budget ${report.budget / 1000} kB:`);
  console.log('  index.html (module script and modulepreloads):');
  for (const f of [...report.landing].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip)}  ${f.file}`);
  console.log(`  ${kb(report.landingGzip)}  subtotal`);
  console.log("  the landing screen (the `/` route's lazy chunk and its imports):");
  for (const f of [...report.landingRoute].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip)}  ${f.file}`);
  console.log(`  ${kb(report.landingRouteGzip)}  subtotal`);
  console.log(`  ${kb(report.totalGzip)}  total (${((report.budget - report.totalGzip) / 1000).toFixed(1)} kB left)`);
  for (const [page, { files, gzip }] of Object.entries(report.signedIn)) {
    console.log(
      `JavaScript a signed-in ${page} fetches before its first paint (gzip -9), budget ${SIGNED_IN_FILE_BUDGET} files and ${SIGNED_IN_JS_BUDGET / 1000} kB:`,
    );
    for (const f of [...files].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip)}  ${f.file}`);
    console.log(`  ${kb(gzip)}  total in ${files.length} files (${((SIGNED_IN_JS_BUDGET - gzip) / 1000).toFixed(1)} kB left)`);
  }
  console.log(`Admin code in customer-loadable chunks (${report.customerChunks} checked): ${report.adminLeaks.length ? 'FOUND' : 'none'}`);
  console.log(
    `Signed-in code in public pages' chunks (${PUBLIC_SCREENS.length} pages checked): ${report.publicLeaks.length ? 'FOUND' : 'none'}`,
  );
  console.log(
    `zod in public pages' chunks (${PUBLIC_SCREENS.length} pages checked): ${report.publicZod.length ? report.publicZod.join(', ') : 'none'}`,
  );
  if (report.problems.length) {
    console.error(`\nBundle check failed:\n${report.problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
}
