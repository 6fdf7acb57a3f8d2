// The project's lint rules (docs/architecture.md, "Boundaries"): typescript-eslint's recommended
// set, React's hook rules for the web app, and the import boundaries between the layers.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const WEB = './apps/web/src';
const webFeatures = dirs(`${WEB}/features`);

/**
 * The server modules from the bottom up (docs/architecture.md, "Module order"): a module imports only
 * modules before it in this list, and only through their public `index.ts`. The sandboxes are no
 * module (packages/sandboxes, stand-ins for the outside services).
 */
const API = './apps/api/src';
export const MODULE_ORDER = [
  'audit',
  'mail',
  'shapes',
  'catalogue',
  'delivery',
  'accounts',
  'websites',
  'delivery-history',
  'payments',
  'billing',
  'tokens',
  'support',
  'your-data',
  'retention',
  'health',
  'admin',
];
const apiModules = dirs(`${API}/modules`);
const unordered = apiModules.filter((name) => !MODULE_ORDER.includes(name));
if (unordered.length) throw new Error(`eslint.config.js: add ${unordered.join(', ')} to MODULE_ORDER`);
const moduleOrderZones = MODULE_ORDER.flatMap((name, rank) =>
  MODULE_ORDER.filter((other) => other !== name).map((other) => {
    const below = MODULE_ORDER.indexOf(other) < rank;
    return {
      target: `${API}/modules/${name}`,
      from: `${API}/modules/${other}`,
      ...(below ? { except: ['./index.ts'] } : {}),
      message: below
        ? `${name} uses ${other} only through ${other}/index.ts (its public surface).`
        : `${other} sits above ${name} in the module order (eslint.config.js's MODULE_ORDER): move the shared part down, or pass it in.`,
    };
  }),
);

const serverZones = [
  ...moduleOrderZones,
  {
    target: [`${API}/core`, `${API}/lib`, `${API}/jobs`],
    from: `${API}/modules`,
    message: 'core/, lib/ and jobs/ sit below the modules: pass what they need in (e.g. core/context.ts declares the interface).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'packages/db/drizzle/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs'] })],
      // no-cycle follows imports only into files it can parse: our TypeScript, never node_modules.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Boundaries. `packages/` is shared by every app and never depends on one.
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@traffic/api', '@traffic/api/*', '@traffic/web', '@traffic/web/*'],
              message: 'packages/ never imports apps/.',
            },
          ],
        },
      ],
    },
  },
  // A web feature uses its own files, the shared components/ and lib/, and shell/; app/ only composes
  // the screens and nothing below it imports it.
  {
    files: [`${WEB.slice(2)}/**/*.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message: 'Features do not import each other: move what both need to components/ or lib/.',
            })),
            {
              target: `${WEB}/features`,
              from: `${WEB}/app`,
              message: 'app/ only composes the screens: a feature imports what it needs of the shell from shell/.',
            },
            {
              target: `${WEB}/shell`,
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'shell/ is below the features and app/: it imports neither.',
            },
            {
              target: [`${WEB}/components`, `${WEB}/lib`],
              from: [`${WEB}/features`, `${WEB}/app`, `${WEB}/shell`],
              message: 'components/ and lib/ are below the features and the shell: they import neither.',
            },
          ],
        },
      ],
    },
  },
  // Server modules depend one way (MODULE_ORDER), and core/, lib/ and jobs/ sit below every module.
  // Tests are free to set up state in any module; app.ts composes them all.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: serverZones,
        },
      ],
    },
  },
  // Server: no AsyncLocalStorage or async hooks. On Node 20 the first use turns on async hooks for the
  // whole process, and every request then pays for each promise it makes (lib/call-signal.ts).
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['node:async_hooks', 'async_hooks'].map((name) => ({
            name,
            message: 'On Node 20 this turns on async hooks for every request (lib/call-signal.ts): pass the value explicitly.',
          })),
        },
      ],
    },
  },
  // Server: use cases and repositories know nothing of HTTP; only route files and the app use http/.
  // (The same rule's zones above hold here too: a later block's rule replaces an earlier one's.)
  {
    files: ['apps/api/src/modules/**/*.ts', 'apps/api/src/core/**/*.ts', 'apps/api/src/jobs/**/*.ts', 'apps/api/src/lib/**/*.ts'],
    ignores: ['**/*.routes.ts', '**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverZones,
            {
              target: './apps/api/src',
              from: './apps/api/src/http',
              message: 'Use cases import core/, not http/: only *.routes.ts speak HTTP.',
            },
          ],
        },
      ],
    },
  },
);
