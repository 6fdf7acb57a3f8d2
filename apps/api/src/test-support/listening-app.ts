import { createServer } from 'node:net';
import type { Env } from '../config.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** A free port on loopback, found by letting the OS pick one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A test app that really listens, with APP_URL pointing at itself: for the sandboxes, which call
 * back into the server over HTTP exactly as the real gateways do.
 */
export async function createListeningTestApp(env: Env = {}): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ APP_URL: baseUrl, ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, baseUrl };
}
