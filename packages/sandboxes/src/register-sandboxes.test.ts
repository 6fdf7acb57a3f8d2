import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { createTestDatabase, type TestDatabase } from '@traffic/db/testing';
import { registerSandboxes, type SandboxOptions } from './index.ts';
import { expectedCheckoutHash } from './payhere/signature.ts';
import { transmissionSignatureValid } from './paypal/signature.ts';

/**
 * The sandboxes on a bare Fastify, with nothing of the server but what it passes in: proof that the
 * package stands on its own, and its behaviour where the server's tests cannot see it.
 */
const APP_URL = 'http://localhost:3999';
const KEY = 'test-9hits-key';
const delivered: { url: string; body: string; headers: Record<string, string> }[] = [];
let testDb: TestDatabase;
let app: FastifyInstance;
let refuseGuard = false;

const options = (db: TestDatabase): SandboxOptions => ({
  db: db.database.db,
  now: () => new Date(),
  appUrl: APP_URL,
  log: Fastify().log,
  payhere: { merchantId: '1211149', merchantSecret: 'merchant-secret', appId: 'app-id', appSecret: 'app-secret' },
  paypal: { clientId: 'client-id', clientSecret: 'client-secret', webhookId: 'WH-TEST' },
  ninehits: { apiKey: KEY },
  thisMachineOrAdmin: async (_request, what) => {
    if (refuseGuard) throw Object.assign(new Error(`${what} is closed`), { statusCode: 403 });
  },
  statusOf: () => undefined,
  deliver: async (url, init) => {
    delivered.push({ url: String(url), body: String(init?.body), headers: (init?.headers ?? {}) as Record<string, string> });
    return new Response(null, { status: 200 });
  },
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = Fastify();
  await app.register(formbody);
  await app.register(async (sandbox) => registerSandboxes(sandbox, options(testDb)), { prefix: '/sandbox' });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

const siteGet = async (query: string) =>
  (await app.inject({ method: 'GET', url: `/sandbox/9hits/api/siteGet?key=${KEY}${query}` })).json() as {
    status: string;
    messages: string[];
    data: Record<string, unknown>[];
  };

/** The fields of a campaign in the documentation's siteGet sample response, in its order. */
const DOCUMENTED_FIELDS = [
  'id',
  'title',
  'isAdult',
  'hasCoinMining',
  'urls',
  'referrers',
  'duration',
  'platform',
  'macros',
  'popupMacros',
  'connectionTypes',
  'ipTypes',
  'connectionSpeed',
  'performance',
  'geo',
  'acceptLanguages',
  'capping',
  'maxHits',
  'untilDate',
  'estimatedHits',
  'confirmedHits',
  'maxPopups',
  'fingerprintSpoof',
  'allowProxy',
  'allowIPv6',
  'allowBlockedPopups',
  'ipFilter',
  'hourlyLimit',
  'disJsRate',
  'disImageRate',
  'disCookieRate',
  'cpuUsage',
  'forceHide',
  'adSafe',
  'webSecurity',
  'similarWebEnabled',
  'bypassCf',
  'viewerVersion',
  'userState',
  'systemState',
];

describe('the 9Hits sandbox pages campaigns as the panel API does', () => {
  beforeAll(async () => {
    for (let i = 0; i < 120; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: `/sandbox/9hits/api/siteAdd?key=${KEY}`,
        payload: { title: `site-${i}`, isAdult: false, hasCoinMining: false, urls: [`https://site-${i}.example`], duration: [30, 60] },
      });
      expect(res.json().status).toBe('ok');
    }
  }, 120_000);

  it('answers 100 a page unless asked, at most 500, and refuses more or a page before 1', async () => {
    expect((await siteGet('')).data).toHaveLength(100);
    expect((await siteGet('&page=2')).data.map((c) => c.title)).toEqual(Array.from({ length: 20 }, (_, i) => `site-${100 + i}`));
    expect((await siteGet('&limit=500')).data).toHaveLength(120);
    expect(await siteGet('&limit=501')).toMatchObject({ status: 'error', messages: ['limit must be a whole number from 1 to 500.'] });
    expect(await siteGet('&page=0')).toMatchObject({ status: 'error' });
  });

  it('answers every documented field of each campaign, what was set over neutral values', async () => {
    const [first] = (await siteGet('&filter=site-7&limit=1')).data;
    expect(Object.keys(first!)).toEqual(DOCUMENTED_FIELDS);
    expect(first).toMatchObject({ title: 'site-7', urls: ['https://site-7.example'], duration: [30, 60], userState: 'running' });
    expect(first!.geo).toEqual({ rule: 'all', by: 'country', codes: null });
    expect((first!.hourlyLimit as { hours: unknown[] }).hours).toHaveLength(24);
    // About the size of the documentation's sample campaign (some 2 kB of JSON).
    expect(JSON.stringify(first).length).toBeGreaterThan(1200);
  });

  it('finds the text anywhere in a title or URL, whatever its case, a text with an id in it as any other', async () => {
    const titles = async (filter: string) => (await siteGet(`&limit=500&filter=${encodeURIComponent(filter)}`)).data.map((c) => c.title);
    // Two digits: the whole text is looked up.
    expect(await titles('SITE-11')).toEqual(['site-11', ...Array.from({ length: 10 }, (_, i) => `site-${110 + i}`)]);
    // Three digits or more: the digits are looked up, then the whole text kept.
    expect(await titles('site-110')).toEqual(['site-110']);
    expect(await titles('110.EXAMPLE')).toEqual(['site-110']);
    expect(await titles('https://site-11')).toHaveLength(11);
    expect(await titles('site-1100')).toEqual([]);
    expect(await titles('xsite-110')).toEqual([]);
    expect(await titles('site_110')).toEqual([]);
    expect(await titles('110')).toEqual(['site-110']);
  });

  it('still refuses what the real API refuses', async () => {
    const res = await app.inject({
      method: 'POST',
      url: `/sandbox/9hits/api/siteAdd?key=${KEY}`,
      payload: { title: 'x', isAdult: false, hasCoinMining: false, urls: ['https://x.example'], duration: [30, 60], estimatedHits: 5 },
    });
    expect(res.json()).toEqual({ status: 'error', messages: ['Unknown field: estimatedHits'], data: null });
  });
});

describe("the server's part, passed in", () => {
  it("the guard decides who sees other people's data", async () => {
    expect((await app.inject({ method: 'GET', url: '/sandbox/mail' })).statusCode).toBe(200);
    refuseGuard = true;
    try {
      expect((await app.inject({ method: 'GET', url: '/sandbox/mail' })).statusCode).toBe(403);
      const control = await app.inject({ method: 'POST', url: `/sandbox/9hits/control?key=${KEY}`, payload: {} });
      expect(control.statusCode).toBe(403);
    } finally {
      refuseGuard = false;
    }
  });

  it('the checkout checks the hash with the merchant secret it was given', async () => {
    const form = {
      merchant_id: '1211149',
      return_url: `${APP_URL}/back`,
      cancel_url: `${APP_URL}/cancel`,
      notify_url: `${APP_URL}/api/payments/payhere/notify`,
      order_id: 'ORD-1',
      items: 'Basic',
      currency: 'USD',
      amount: '14.99',
    };
    const hash = expectedCheckoutHash(
      { merchantId: '1211149', merchantSecret: 'merchant-secret' },
      { orderId: 'ORD-1', amount: '14.99', currency: 'USD' },
    );
    const post = (fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/sandbox/payhere/pay/checkout',
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expect((await post({ ...form, hash })).statusCode).toBe(200);
    expect((await post({ ...form, hash: hash.replace(/^./, '0') })).statusCode).toBe(400);
  });

  it('PayPal webhooks go out through `deliver`, signed with the client secret', async () => {
    const token = (
      await app.inject({
        method: 'POST',
        url: '/sandbox/paypal/v1/oauth2/token',
        headers: { authorization: `Basic ${Buffer.from('client-id:client-secret').toString('base64')}` },
        payload: { grant_type: 'client_credentials' },
      })
    ).json().access_token as string;
    const bearer = { authorization: `Bearer ${token}` };
    const order = (
      await app.inject({
        method: 'POST',
        url: '/sandbox/paypal/v2/checkout/orders',
        headers: bearer,
        payload: {
          intent: 'CAPTURE',
          purchase_units: [{ reference_id: 'pending@example.com', amount: { currency_code: 'USD', value: '9.00' } }],
        },
      })
    ).json().id as string;
    await app.inject({ method: 'POST', url: `/sandbox/paypal/orders/${order}/approve` });
    expect(
      (await app.inject({ method: 'POST', url: `/sandbox/paypal/v2/checkout/orders/${order}/capture`, headers: bearer })).statusCode,
    ).toBe(201);
    delivered.length = 0;
    expect((await app.inject({ method: 'POST', url: `/sandbox/paypal/orders/${order}/complete` })).json().delivery_status).toBe(200);
    const [webhook] = delivered;
    expect(webhook!.url).toBe(`${APP_URL}/api/payments/paypal/webhook`);
    const h = webhook!.headers;
    expect(
      transmissionSignatureValid(
        'client-secret',
        {
          transmissionId: h['paypal-transmission-id']!,
          transmissionTime: h['paypal-transmission-time']!,
          webhookId: 'WH-TEST',
          body: webhook!.body,
        },
        h['paypal-transmission-sig']!,
      ),
    ).toBe(true);
  });
});
