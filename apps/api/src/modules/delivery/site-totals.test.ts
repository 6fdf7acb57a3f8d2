import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NinehitsClient } from './ninehits-client.ts';

/** siteTotals: a page of siteGet read for its totals only (the delivery collection's call). */
describe('NinehitsClient.siteTotals', () => {
  let server: Server;
  let answer: unknown;
  let asked: URL | undefined;
  let client: NinehitsClient;
  beforeAll(async () => {
    server = createServer((req, res) => {
      asked = new URL(req.url ?? '/', 'http://localhost');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    client = new NinehitsClient(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, 'k');
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers the page size and each usable total, whatever else a campaign carries', async () => {
    const big = { urls: ['https://example.com/'], macros: 'x'.repeat(1000), hourlyLimit: { speed: 'fast', hours: [{ min: 0, max: 0 }] } };
    answer = {
      status: 'ok',
      messages: null,
      data: [
        { id: 7, title: 'a', confirmedHits: 12.9, ...big },
        { id: 8, title: 'b', ...big },
        { id: 9, title: 'c', confirmedHits: -1, ...big },
        { id: 10, title: 'd', confirmedHits: 0, ...big },
      ],
    };
    expect(await client.siteTotals({ page: 3, limit: 500 })).toEqual({
      read: 4,
      totals: [
        { key: '7', total: 12 },
        { key: '10', total: 0 },
      ],
    });
    expect(asked?.pathname).toBe('/siteGet');
    expect(Object.fromEntries(asked!.searchParams)).toEqual({ key: 'k', page: '3', limit: '500' });
  });

  it('refuses a page that is not a list of campaigns, and reports 9Hits errors', async () => {
    answer = { status: 'ok', messages: null, data: [{ title: 'no id' }] };
    await expect(client.siteTotals({ page: 1, limit: 500 })).rejects.toThrow(/other than a list of campaigns/);
    answer = { status: 'error', messages: ['Invalid key'], data: null };
    await expect(client.siteTotals({ page: 1, limit: 500 })).rejects.toThrow(/Invalid key/);
  });
});
