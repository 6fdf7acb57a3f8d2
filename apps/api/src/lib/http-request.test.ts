import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpRequest } from './http-request.ts';

describe('httpRequest', () => {
  let server: Server;
  let base: string;
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse, body: string) => void> = {
    '/echo': (req, res, body) =>
      res.end(JSON.stringify({ method: req.method, type: req.headers['content-type'], length: req.headers['content-length'], body })),
    '/gzip': (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync('{"ok":"gzip"}')),
    '/br': (_req, res) => res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync('{"ok":"br"}')),
    '/odd': (_req, res) => res.writeHead(200, { 'content-encoding': 'zstd-nope' }).end('x'),
    '/cut': (_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('{"partial":');
      setTimeout(() => res.socket?.destroy(), 20);
    },
    '/slow': (_req, res) => setTimeout(() => res.end('{}'), 5000).unref(),
    '/missing': (_req, res) => res.writeHead(404).end('not here'),
    '/headers': (req, res) => res.end(JSON.stringify(req.headers)),
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => routes[new URL(req.url!, 'http://x').pathname]!(req, res, body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends a body with its length and answers the status and the whole body', async () => {
    const body = JSON.stringify({ title: 'café' });
    const answer = await httpRequest(new URL(`${base}/echo`), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({
      method: 'POST',
      type: 'application/json',
      length: String(Buffer.byteLength(body)),
      body,
    });
    expect((await httpRequest(new URL(`${base}/missing`), { method: 'GET' })).status).toBe(404);
  });

  it('sends the headers fetch sent (its user agent among them)', async () => {
    const sent = JSON.parse((await httpRequest(new URL(`${base}/headers`), { method: 'GET' })).body.toString()) as Record<string, string>;
    expect(sent).toMatchObject({ accept: '*/*', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate' });
  });

  it('decompresses a gzip or brotli answer, and refuses an encoding it cannot read', async () => {
    expect((await httpRequest(new URL(`${base}/gzip`), { method: 'GET' })).body.toString()).toBe('{"ok":"gzip"}');
    expect((await httpRequest(new URL(`${base}/br`), { method: 'GET' })).body.toString()).toBe('{"ok":"br"}');
    await expect(httpRequest(new URL(`${base}/odd`), { method: 'GET' })).rejects.toThrow(/content-encoding/);
  });

  it('fails on an answer cut off before its end, never answering part of it', async () => {
    await expect(httpRequest(new URL(`${base}/cut`), { method: 'GET' })).rejects.toThrow();
  });

  it('stops waiting when its signal fires', async () => {
    const started = performance.now();
    await expect(httpRequest(new URL(`${base}/slow`), { method: 'GET', signal: AbortSignal.timeout(100) })).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses an address that is not http or https', async () => {
    await expect(httpRequest(new URL('file:///etc/passwd'), { method: 'GET' })).rejects.toThrow(/unsupported protocol/);
  });
});
