import { describe, expect, it } from 'vitest';
import { registerCustomer, customerWithPackage } from '../test-support/accounts.ts';
import { createWebsite } from '../test-support/websites.ts';
import { useTestApp, useListeningTestApp } from '../test-support/use-test-app.ts';

/** GET /metrics (Prometheus text) and GET /api/health, as an operator reads them. */
describe('metrics and health', () => {
  const t = useListeningTestApp({}, 'never');

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('counts requests per route pattern, jobs, 9Hits calls and payment callbacks', async () => {
    await t.app.inject({ method: 'GET', url: '/api/packages' });
    const owner = await customerWithPackage(t.app, 'pkgBasic');
    const site = (await createWebsite(t.app, owner)).json();
    await t.app.inject({ method: 'GET', url: `/api/website/${site.id}/hits`, headers: owner.headers });
    await t.app.jobs.drain();
    // A notify that fails its signature: counted as rejected.
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/payhere/notify',
      payload: 'merchant_id=1&order_id=x&payment_id=1&payhere_amount=1.00&payhere_currency=USD&status_code=2&md5sig=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

    const text = await scrape();
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/packages",status="200"\} 1/);
    // Ids never become labels: the route pattern does.
    expect(text).toContain('route="/api/website/:id/hits"');
    expect(text).not.toContain(`/api/website/${site.id}`);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/packages"\}/);
    expect(text).toMatch(/jobs_total\{kind="ninehits-sync",outcome="done"\} [1-9]/);
    expect(text).toMatch(/ninehits_calls_total\{call="siteAdd",outcome="ok"\} 1/);
    expect(text).toMatch(/ninehits_call_duration_seconds_count\{call="siteAdd"\} 1/);
    expect(text).toMatch(/payment_callbacks_total\{gateway="payhere",outcome="rejected"\} 1/);
    expect(text).toMatch(/^jobs_queued \d+$/m);
    expect(text).toMatch(/^jobs_dead 0$/m);
    expect(text).toContain('process_cpu_user_seconds_total');
  });

  it('answers another machine only with the token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.5' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toMatch(/set METRICS_TOKEN/);
    const proxied = await t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.statusCode).toBe(403);
  });

  it('says where the database, Redis, the queue and 9Hits stand (to this machine; anyone else gets the status)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      redis: 'off',
      jobs: { queued: expect.any(Number), dead: 0 },
      ninehits: 'ok',
    });
  });
});

describe('metrics behind a token', () => {
  const t = useTestApp({ METRICS_TOKEN: 'a-long-scrape-token-0123' }, 'never');

  it('asks every caller, this machine included, for the bearer token', async () => {
    await registerCustomer(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token' } })).statusCode,
    ).toBe(401);
    const ok = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer a-long-scrape-token-0123' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('http_requests_total');
  });
});
