import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/listening-app.ts';
import { registerCustomer, type Session } from '../test-support/accounts.ts';
import { approvedOrder, capturePaypal } from '../modules/payments/paypal/paypal-test-server.ts';
import { signedWebhookHeaders } from '@traffic/sandboxes/paypal-signature';
import { useListeningTestApp } from '../test-support/use-test-app.ts';

/**
 * A stand-in for the network between us and PayPal: it forwards every call to the embedded
 * sandbox and writes down its method and path, so a test counts what the server asked PayPal.
 */
async function startCountingProxy(target: () => string): Promise<{ url: string; calls: string[]; close(): Promise<void> }> {
  const calls: string[] = [];
  const server: Server = createServer(async (req, res) => {
    calls.push(`${req.method} ${req.url!.split('?')[0]}`);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers[name] = value;
    const answer = await fetch(`${target()}${req.url}`, {
      method: req.method,
      headers,
      ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
    });
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(await answer.text());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * Red team finding: outsiders made the server call PayPal without limit. 300 forged webhooks with
 * any five `paypal-*` headers caused 300 signature-verification calls in 0.7 s, and 100 confirms of
 * one subscription made 200 PayPal calls.
 */
describe('red team: making the server call PayPal', () => {
  let proxy: Awaited<ReturnType<typeof startCountingProxy>>;
  let buyer: Session;
  let attacker = 0;
  beforeAll(async () => {
    proxy = await startCountingProxy(() => t.baseUrl);
  });
  afterAll(() => proxy.close());
  const t = useListeningTestApp(() => ({ PAYPAL_BASE_URL: `${proxy.url}/sandbox/paypal` }));
  beforeEach(async () => {
    buyer = await registerCustomer(t.app);
    proxy.calls.length = 0;
    attacker += 1;
  });

  const verifications = () => proxy.calls.filter((c) => c.endsWith('/v1/notifications/verify-webhook-signature')).length;
  const webhook = (headers: Record<string, string>, body: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/webhook',
      remoteAddress: `198.51.100.${attacker}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
  const event = (id = `WH-${randomUUID()}`) =>
    JSON.stringify({ id, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'X', status: 'COMPLETED' } });
  const forgedHeaders = (certUrl: string, at: Date) => ({
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': certUrl,
    'paypal-transmission-id': randomUUID(),
    'paypal-transmission-sig': 'Zm9yZ2Vk',
    'paypal-transmission-time': at.toISOString(),
  });

  it('300 forged webhooks with a foreign certificate or a stale time: not one call to PayPal', async () => {
    const stale = new Date(Date.now() - 60 * 60 * 1000);
    const forged = Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? forgedHeaders('https://attacker.example.com/cert.pem', new Date())
        : i % 3 === 1
          ? forgedHeaders('https://api.paypal.com.attacker.example/cert', new Date())
          : forgedHeaders('https://api.paypal.com/v1/notifications/certs/CERT-1', stale),
    );
    // One after the other, as a script would send them.
    const answers = [];
    for (const headers of forged) answers.push(await webhook(headers, event()));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.slice(0, 120).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(120).every((s) => s === 429)).toBe(true);
    expect(verifications()).toBe(0);
  });

  it('plausible forgeries are limited per address, and a known event id is not verified again', async () => {
    const answers = [];
    for (let i = 0; i < 150; i++)
      answers.push(await webhook(forgedHeaders('https://api.paypal.com/v1/notifications/certs/CERT-1', new Date()), event()));
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(30);
    expect(verifications()).toBeLessThanOrEqual(120);

    // A genuine delivery, then replays of its event id from elsewhere: PayPal is asked once.
    attacker += 1;
    proxy.calls.length = 0;
    const body = event('WH-GENUINE');
    const { clientSecret, webhookId } = t.app.ctx.config.paypal;
    const genuine = signedWebhookHeaders({
      secret: clientSecret,
      webhookId,
      certUrl: `${proxy.url}/sandbox/paypal/v1/notifications/certs/sandbox`,
      body,
      now: new Date(),
    });
    expect((await webhook(genuine, body)).json()).toEqual({ result: 'ignored: unknown order' });
    for (let i = 0; i < 20; i++)
      expect((await webhook(forgedHeaders(genuine['paypal-cert-url']!, new Date()), body)).json()).toEqual({ result: 'duplicate' });
    expect(verifications()).toBe(1);
  });

  it('100 captures of one order ask PayPal once; the route itself is limited too', async () => {
    const { id } = await approvedOrder(t.app, buyer);
    proxy.calls.length = 0;
    const answers = await Promise.all(Array.from({ length: 100 }, () => capturePaypal(t.app, buyer, id)));
    expect(proxy.calls.filter((c) => c.endsWith('/capture')).length).toBe(1);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(79);
  });

  it('100 confirms of one subscription read it from PayPal once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paypal/subscriptions',
      headers: buyer.headers,
      payload: { id: 'pkgBasic' },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: string };
    proxy.calls.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({ method: 'POST', url: `/api/payments/paypal/subscriptions/${id}/confirm`, headers: buyer.headers }),
      ),
    );
    const reads = proxy.calls.filter((c) => c.includes('/v1/billing/subscriptions/')).length;
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(2);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(99);
  });
});
