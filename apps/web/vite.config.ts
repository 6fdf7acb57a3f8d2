/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { readExternalLinks } from './src/app/read-external-links.ts';

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
function withoutCssVariablesTheme(): Plugin {
  const stub = '\0traffic:no-css-variables-theme';
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

export default defineConfig(({ mode }) => {
  // Fail the build, not the landing page, when a deployment sets a bad external URL.
  readExternalLinks(loadEnv(mode, root, 'VITE_'));

  return {
    root,
    plugins: [react(), chunkModules(), withoutCssVariablesTheme()],
    // The manifest lets scripts/check-bundle.ts (run after every build) hold the landing page's
    // JavaScript budget and keep admin code out of customers' bundles.
    // No modulepreload polyfill: every browser the build targets but Safari 16 preloads natively,
    // and without it a module is simply fetched when imported.
    build: { manifest: true, modulePreload: { polyfill: false } },
    // Tests run in Node, where resolving react-router for plain Node (its CJS build) while
    // react-router/dom loads the ESM build would give two router contexts; keep both on ESM.
    resolve: mode === 'test' ? { conditions: ['module-sync'] } : {},
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
