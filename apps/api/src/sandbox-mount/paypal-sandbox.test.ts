import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { LIVE_TEST_ENV, createTestApp, testEnv, type TestApp } from '../test-support/test-app.ts';
import { issueSandboxToken } from '@traffic/sandboxes/paypal-signature';

const BASE = '/sandbox/paypal';
const unit = {
  reference_id: 'buyer@example.com',
  custom_id: 'hits-1000Hits',
  invoice_id: 'c0ffee00-0000-4000-8000-000000000000',
  amount: { currency_code: 'USD', value: '4.99' },
};

describe('the embedded PayPal sandbox (Orders v2 shapes)', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    auth = { authorization: `Bearer ${(await token()).json().access_token}` };
  });
  afterAll(() => t.close());

  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const token = (
    authorization = basic(t.app.ctx.config.paypal.clientId, t.app.ctx.config.paypal.clientSecret),
    payload = 'grant_type=client_credentials',
  ) =>
    t.app.inject({
      remoteAddress: '127.0.0.1',
      method: 'POST',
      url: `${BASE}/v1/oauth2/token`,
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
  const create = (
    headers: Record<string, string> = auth,
    payload: unknown = { intent: 'CAPTURE', purchase_units: [unit] },
    app: App = t.app,
  ) => app.inject({ remoteAddress: '127.0.0.1', method: 'POST', url: `${BASE}/v2/checkout/orders`, headers, payload: payload as object });
  const get = (id: string, app: App = t.app) =>
    app.inject({ remoteAddress: '127.0.0.1', method: 'GET', url: `${BASE}/v2/checkout/orders/${id}`, headers: auth });
  const approve = (id: string) => t.app.inject({ remoteAddress: '127.0.0.1', method: 'POST', url: `${BASE}/orders/${id}/approve` });
  const capture = (id: string, headers: Record<string, string> = {}, app: App = t.app) =>
    app.inject({
      remoteAddress: '127.0.0.1',
      method: 'POST',
      url: `${BASE}/v2/checkout/orders/${id}/capture`,
      headers: { ...auth, 'content-type': 'application/json', ...headers },
    });

  it('issues tokens for the configured client only', async () => {
    const ok = await token();
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 32400 });

    const wrong = await token(basic(t.app.ctx.config.paypal.clientId, 'guess'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client' });
    expect((await token(undefined, 'grant_type=password')).json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('requires a valid, unexpired bearer token on the REST calls', async () => {
    expect((await create({})).statusCode).toBe(401);
    expect((await create({ authorization: 'Bearer A21AA.9999999999.forged' })).json()).toMatchObject({ error: 'invalid_token' });
    const stale = issueSandboxToken(t.app.ctx.config.paypal.clientSecret, Date.now() - 10 * 60 * 60 * 1000).token;
    expect((await create({ authorization: `Bearer ${stale}` })).statusCode).toBe(401);
    const foreign = issueSandboxToken('another-secret', Date.now()).token;
    expect((await create({ authorization: `Bearer ${foreign}` })).statusCode).toBe(401);
  });

  it('creates CREATED orders with an approve link and refuses malformed ones', async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ id: expect.stringMatching(/^[A-Z0-9]{17}$/), status: 'CREATED', intent: 'CAPTURE' });
    expect(order.links).toContainEqual({ rel: 'approve', href: `http://localhost:3000${BASE}/orders/${order.id}/approve`, method: 'POST' });
    expect((await get(order.id)).json()).toMatchObject({ id: order.id, status: 'CREATED', purchase_units: [unit] });

    for (const [payload, issue] of [
      [{ intent: 'AUTHORIZE', purchase_units: [unit] }, 'INVALID_PARAMETER_VALUE'],
      [{ intent: 'CAPTURE', purchase_units: [] }, 'INVALID_ARRAY_MAX_ITEMS'],
      [{ intent: 'CAPTURE', purchase_units: [{ ...unit, amount: { currency_code: 'usd', value: '4.99' } }] }, 'INVALID_CURRENCY_CODE'],
      [{ intent: 'CAPTURE', purchase_units: [{ ...unit, amount: { currency_code: 'USD', value: '-1' } }] }, 'INVALID_PARAMETER_SYNTAX'],
    ] as const) {
      const bad = await create(auth, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ name: 'INVALID_REQUEST', details: [{ issue }] });
    }
  });

  it('answers a replayed PayPal-Request-Id with the same order', async () => {
    const first = await create({ ...auth, 'paypal-request-id': 'req-1' });
    const again = await create({ ...auth, 'paypal-request-id': 'req-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect((await create({ ...auth, 'paypal-request-id': 'req-2' })).json().id).not.toBe(first.json().id);
  });

  it('captures only approved orders, once', async () => {
    const { id } = (await create()).json();
    const early = await capture(id);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });

    expect((await approve(id)).json()).toEqual({ id, status: 'APPROVED' });
    expect((await approve(id)).json()).toEqual({ id, status: 'APPROVED' });
    const done = await capture(id);
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({
      id,
      status: 'COMPLETED',
      purchase_units: [
        {
          reference_id: 'buyer@example.com',
          custom_id: 'hits-1000Hits',
          payments: {
            captures: [
              {
                id: expect.stringMatching(/^[A-Z0-9]{17}$/),
                status: 'COMPLETED',
                amount: unit.amount,
                custom_id: unit.custom_id,
                invoice_id: unit.invoice_id,
              },
            ],
          },
        },
      ],
    });
    expect((await capture(id)).json()).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    expect((await approve(id)).statusCode).toBe(422);
    expect((await get('NOSUCHORDER')).statusCode).toBe(404);
    expect((await approve('NOSUCHORDER')).statusCode).toBe(404);
  });

  it('lets exactly one of several concurrent captures win', async () => {
    const { id } = (await create()).json();
    await approve(id);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => capture(id, { 'paypal-request-id': `cap-${i}` })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422, 422]);
  });

  it('keeps its orders in the database, shared by a second server process', async () => {
    const second = await buildApp(loadConfig(testEnv()), { database: t.testDb.database, logger: false, runJobs: false });
    try {
      const { id } = (await create(auth, undefined, second)).json();
      expect((await get(id)).json().status).toBe('CREATED');
      await approve(id);
      expect((await capture(id, {}, second)).statusCode).toBe(201);
      expect((await get(id)).json().status).toBe('COMPLETED');
    } finally {
      await second.close();
    }
  });

  it('is not mounted in live mode', async () => {
    const live = await buildApp(loadConfig(testEnv(LIVE_TEST_ENV)), { database: t.testDb.database, logger: false, runJobs: false });
    try {
      const res = await live.inject({
        remoteAddress: '127.0.0.1',
        method: 'POST',
        url: `${BASE}/v1/oauth2/token`,
        payload: 'grant_type=client_credentials',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await live.close();
    }
  });
});
