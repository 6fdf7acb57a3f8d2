/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { LANDING_SCREEN, PUBLIC_SCREENS, QUERY_CLIENT, SIGNED_IN_SCREENS, SIGNED_IN_SHELL } from './scripts/chunk-roots.ts';
import { readExternalLinks } from './src/shell/read-external-links.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://localhost:3000';

/**
 * Writes, next to Vite's manifest, which source modules each chunk holds (those with code left after
 * tree-shaking): scripts/check-bundle.ts uses it to keep admin code out of customers' chunks.
 */
function chunkModules(): Plugin {
  return {
    name: 'traffic:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        modules[chunk.fileName] = Object.entries(chunk.modules)
          .filter(([, m]) => m.renderedLength > 0)
          .map(([id]) => (id.startsWith(root) ? id.slice(root.length) : id));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules) });
    },
  };
}

/**
 * MUI's createTheme carries its CSS-variables theme builder (createThemeWithVars) for themes made
 * with `cssVariables: true`; theme.ts never asks for one, yet the builder would ship with the
 * landing page (about 11 kB gzip). The production build replaces it with a stub that says why if
 * it is ever called; tests and the dev server keep MUI as it is.
 */
const CSS_VARIABLES_THEME_STUB = '\0traffic:no-css-variables-theme';

function withoutCssVariablesTheme(): Plugin {
  const stub = CSS_VARIABLES_THEME_STUB;
  return {
    name: 'traffic:no-css-variables-theme',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './createThemeWithVars.mjs' && importer && /@mui[\\/]material[\\/]styles[\\/]createTheme\.mjs$/.test(importer))
        return stub;
      return null;
    },
    load(id) {
      if (id !== stub) return null;
      return 'export default function createThemeWithVars() { throw new Error("theme.ts builds the theme without CSS variables; cssVariables themes are stubbed out by vite.config.ts."); }';
    },
  };
}

/**
 * Route-level chunks grouped by who loads them, so a page fetches a handful of files instead of one
 * per shared module (Rolldown otherwise cuts a chunk for every distinct set of importers: /home
 * fetched 81 files). Each module goes to the first group whose roots reach it through static imports:
 *   - `core`: what the app's start needs (src/start.tsx and its static imports, preloaded by
 *     index.html) and the landing screen's imports, one file beside the entry;
 *   - `app-shared`: what the signed-in shell (or every signed-in screen) and a public page need,
 *     TanStack Query's client included;
 *   - `signed-in`: the rest of the signed-in shell, and what every signed-in screen needs;
 *   - `home-route`, `websites-page`: the rest of each signed-in screen's static imports, used by
 *     other screens or not (beside the screen's own chunk), and `home-route-public`,
 *     `websites-page-public`: what each of them shares with public pages;
 * Everything else (the public pages' own modules, other screens, the charts, admin code) keeps
 * Rolldown's own splitting: a public page (pre-rendered, its JavaScript only hydrates it) loads
 * only what it uses, so /about does not fetch the forms and zod of /login and /register.
 */
/** The app's start, which the entry (src/main.tsx) imports once a pre-rendered page has painted. */
const START = 'src/start.tsx';

/**
 * index.html preloads the app's start (START) and its static imports: the entry only imports it
 * dynamically, after a pre-rendered page's first paint, but its download need not wait for that.
 */
function preloadStart(): Plugin {
  return {
    name: 'traffic:preload-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle || ctx.server) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const start = chunks.find((c) => c.moduleIds.includes(`${root}${START}`));
        if (!start) throw new Error(`no chunk holds ${START}`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const dep of chunks.find((c) => c.fileName === file)?.imports ?? []) visit(dep);
        };
        visit(start.fileName);
        const entry = ctx.chunk?.fileName;
        return [...files]
          .filter((file) => file !== entry && !(ctx.chunk?.imports ?? []).includes(file))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * `core` in three files the entry evaluates one at a time, each in a task of its own (src/main.tsx):
 * React DOM, then MUI with Emotion, then the app and its router. Evaluated at once, the three made
 * one long task on a phone's CPU, the first thing a visitor could not interrupt.
 */
function coreStage(id: string): 'react' | 'mui' | 'core' {
  // MUI's createTheme imports the stub: with MUI, or evaluating `mui` would first evaluate `core`.
  if (id === CSS_VARIABLES_THEME_STUB) return 'mui';
  if (/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/.test(id)) return 'react';
  if (/[\\/]node_modules[\\/](@mui|@emotion|@babel[\\/]runtime|stylis|clsx|react-is|hoist-non-react-statics|prop-types)[\\/]/.test(id))
    return 'mui';
  return 'core';
}

function routeGroups() {
  const closures = new Map<string, Set<string>>();
  type Info = { importedIds: readonly string[] } | null;
  const closureOf = (key: string, roots: readonly string[], info: (id: string) => Info, skip = (_id: string) => false) => {
    let found = closures.get(key);
    if (found) return found;
    found = new Set<string>();
    const stack = roots.map((r) => `${root}${r}`);
    while (stack.length) {
      const id = stack.pop()!;
      if (found.has(id) || skip(id)) continue;
      found.add(id);
      for (const dep of info(id)?.importedIds ?? []) stack.push(dep);
    }
    closures.set(key, found);
    return found;
  };
  const entry = `${root}src/main.tsx`;
  const landing = `${root}${LANDING_SCREEN}`;
  /*
   * Import lists name every module a barrel re-exports, used or not: the shell takes only
   * QueryClientContext from TanStack Query's barrel, and the landing page none of it; the rest of
   * TanStack Query is loaded on demand (app/query-provider.tsx) and must stay out of `core`.
   */
  const outOfCore = (id: string) =>
    /[\\/]node_modules[\\/]@tanstack[\\/]/.test(id) && !/react-query[\\/]build[\\/]modern[\\/](index|QueryClientProvider)\.js$/.test(id);
  return [
    {
      name: (id: string, ctx: { getModuleInfo: (id: string) => Info }) => {
        // Vite's preload helper stays out of the groups: the entry uses it, and must not import `core` for it.
        if (id === entry || id === landing || id.includes('vite/preload-helper')) return null;
        const info = (m: string) => ctx.getModuleInfo(m);
        if (closureOf('core', [START, LANDING_SCREEN], info, outOfCore).has(id)) return coreStage(id);
        const shell = closureOf('shell', SIGNED_IN_SHELL, info).has(id);
        const screens = SIGNED_IN_SCREENS.filter((screen) => closureOf(screen, [screen], info).has(id)).length;
        const everySignedIn = shell || screens === SIGNED_IN_SCREENS.length;
        // Every public page but the landing page waits for TanStack Query's client (app/routes.tsx).
        const publicPage = closureOf('public', [...PUBLIC_SCREENS, QUERY_CLIENT], info).has(id);
        if (everySignedIn && publicPage) return 'app-shared';
        if (everySignedIn) return 'signed-in';
        const screen = SIGNED_IN_SCREENS.find((s) => closureOf(s, [s], info).has(id));
        if (!screen) return null;
        // The rest of one signed-in screen goes with it, shared with later screens or not: /websites
        // does not fetch what only /home shows, and the other way round. What it shares with public
        // pages has a file of its own: in the screen's file it made every public page fetch and run
        // that screen and the signed-in shell it imports.
        const name = screen.replace(/^.*\/|\.tsx$/g, '');
        return publicPage ? `${name}-public` : name;
      },
    },
  ];
}

export default defineConfig(({ mode, isSsrBuild }) => {
  // Fail the build, not the landing page, when a deployment sets a bad external URL.
  readExternalLinks(loadEnv(mode, root, 'VITE_'));

  return {
    root,
    plugins: [react(), chunkModules(), withoutCssVariablesTheme(), preloadStart()],
    // The manifest lets scripts/check-bundle.ts (run after every build) hold the landing page's
    // JavaScript budget and keep admin code out of customers' bundles.
    // No modulepreload polyfill: every browser the build targets but Safari 16 preloads natively,
    // and without it a module is simply fetched when imported.
    build: {
      manifest: true,
      modulePreload: { polyfill: false },
      // The pre-rendering's server build (scripts/prerender.ts) runs once in Node: no groups there.
      ...(isSsrBuild
        ? {}
        : { rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups: routeGroups() } } } }),
    },
    // Tests run in Node, where resolving react-router for plain Node (its CJS build) while
    // react-router/dom loads the ESM build would give two router contexts; keep both on ESM.
    // The browser's zod never probes for eval, which the CSP forbids (src/lib/zod-jitless.ts); the
    // pre-rendering's server build keeps zod as it is.
    resolve:
      mode === 'test'
        ? { conditions: ['module-sync'] }
        : isSsrBuild
          ? {}
          : { alias: [{ find: /^zod$/, replacement: `${root}src/lib/zod-jitless.ts` }] },
    server: {
      proxy: {
        '/api': apiServer,
        '/sandbox': apiServer,
      },
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // Whole MUI forms filled keystroke by keystroke in jsdom take seconds, more so beside the server suite.
      testTimeout: 20_000,
    },
  };
});
