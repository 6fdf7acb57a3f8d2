import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Env } from '../config.ts';
import { createListeningTestApp } from './listening-app.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** When a suite's app is emptied: before each test (the default), once after it starts, or never. */
export type ResetWhen = 'each' | 'once' | 'never';

/** A suite's settings, or a function read when the app starts (after the hooks registered before). */
export type EnvOf = Env | (() => Env);

/**
 * The app of a `describe` block: started in its beforeAll, reset as `reset` says, closed in its
 * afterAll. The handle stands for the app from the first hook on, so a suite writes
 * `const t = useTestApp()` instead of the three hooks.
 *
 * Hooks run in the order they are registered (afterAll hooks in reverse): register what the app's
 * settings need (a mail peer) before this call, and what needs the emptied app (a signed-in
 * customer) after it.
 */
export function useTestAppFrom<T extends TestApp>(start: () => Promise<T>, reset: ResetWhen = 'each'): T {
  let current: T | undefined;
  beforeAll(async () => {
    current = await start();
    if (reset === 'once') await current.reset();
  });
  if (reset === 'each') beforeEach(() => current!.reset());
  afterAll(() => current?.close());
  return new Proxy({} as T, {
    get(_, key) {
      if (!current) throw new Error('the test app starts in beforeAll: use it in a hook or a test');
      return current[key as keyof T];
    },
  });
}

const envOf = (env: EnvOf): Env => (typeof env === 'function' ? env() : env);

/** A suite's app (createTestApp) with these settings. */
export function useTestApp(env: EnvOf = {}, reset: ResetWhen = 'each'): TestApp {
  return useTestAppFrom(() => createTestApp(envOf(env)), reset);
}

/** A suite's app that really listens (createListeningTestApp), for the sandboxes' calls back. */
export function useListeningTestApp(env: EnvOf = {}, reset: ResetWhen = 'each'): TestApp & { baseUrl: string } {
  return useTestAppFrom(() => createListeningTestApp(envOf(env)), reset);
}
