import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@traffic/db/testing';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { testEnv } from '../test-support/test-app.ts';

describe('security headers on pages and on the API', () => {
  let app: App;
  let testDb: TestDatabase;
  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'traffic-headers-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    testDb = await createTestDatabase();
    app = await buildApp(loadConfig(testEnv({ PAYHERE_BASE_URL: 'https://sandbox.payhere.lk' })), {
      database: testDb.database,
      webRoot,
      logger: false,
      runJobs: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await testDb.destroy();
  });

  it.each(['/', '/home', '/sandbox/mail'])('%s (a page): no sniffing, no framing, a strict CSP', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it.each(['/api/packages', '/api/nope', '/api/users/load/a@b.c'])('%s (the API): nothing loads from it or frames it', async (url) => {
    const res = await app.inject({ method: url.includes('load') ? 'POST' : 'GET', url });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // The page-only headers stay off the JSON answers.
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('keeps the page headers on the API documentation, which is a page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
  });

  it('lets the checkout form post to the configured card gateway, and nowhere else', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toMatch(/form-action 'self' https:\/\/sandbox\.payhere\.lk/);
  });

  it('never sends the server version or stack traces', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
