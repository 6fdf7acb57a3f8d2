/*
 * What `zod` resolves to in the browser build (vite.config.ts): zod itself, told never to compile
 * its parsers with `new Function`. The app's Content-Security-Policy forbids eval, and zod's probe
 * for it, though caught, is reported as a CSP violation (an error in Lighthouse's best practices).
 * Its modules run before any module that imports `zod`, so no schema is built before the setting.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
