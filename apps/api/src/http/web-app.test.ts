import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@traffic/db/testing';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { testEnv } from '../test-support/test-app.ts';

describe('serving the built web app', () => {
  let app: App;
  let testDb: TestDatabase;
  beforeAll(async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'traffic-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root">app shell</div>');
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    testDb = await createTestDatabase();
    app = await buildApp(loadConfig(testEnv()), { database: testDb.database, webRoot, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await testDb.destroy();
  });

  it('serves index.html for client-side routes, uncached', async () => {
    for (const url of ['/', '/home', '/websites/seo', '/pricing/normal?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('app shell');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('does not answer API or sandbox misses with the page', async () => {
    for (const url of ['/api/unknown', '/sandbox/unknown']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
