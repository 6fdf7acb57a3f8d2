import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
    // The build's compressed copies (apps/web/scripts/compress.ts).
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(webRoot, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
    mkdirSync(join(webRoot, 'pages'));
    writeFileSync(join(webRoot, 'pages', 'login.html'), '<!doctype html><div id="root"><h1>Login</h1></div>');
    writeFileSync(join(webRoot, 'pages', 'login.html.br'), brotliCompressSync('<!doctype html><div id="root"><h1>Login</h1></div>'));
    // A listed page whose file is missing falls back to the shell.
    writeFileSync(join(webRoot, 'pages', 'index.json'), JSON.stringify({ '/login': 'pages/login.html', '/about': 'pages/about.html' }));
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

  it('serves a pre-rendered public page as its static HTML, uncached, and the shell when asked with a query', async () => {
    const page = await app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Login</h1>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const head = await app.inject({ method: 'HEAD', url: '/login' });
    expect(head.statusCode).toBe(200);
    for (const url of ['/login?redirect=%2Fpurchase', '/about', '/login/x']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('app shell');
    }
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers with the compressed copy the browser accepts, and the file itself otherwise', async () => {
    const br = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');

    const page = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<h1>Login</h1>');
    // A page without a compressed copy (the shell here) is sent as it is.
    const shell = await app.inject({ method: 'GET', url: '/home', headers: { 'accept-encoding': 'br' } });
    expect(shell.headers['content-encoding']).toBeUndefined();
    expect(shell.body).toContain('app shell');
  });

  it('does not answer API or sandbox misses with the page', async () => {
    for (const url of ['/api/unknown', '/sandbox/unknown']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
