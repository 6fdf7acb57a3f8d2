import { describe, expect, it } from 'vitest';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { PaypalClient, PaypalError, firstCapture } from './paypal-client.ts';
import { approvePaypal, countingClient, startListeningTestApp } from './paypal-test-server.ts';
import { signedWebhookHeaders } from '@traffic/sandboxes/paypal-signature';
import { useTestAppFrom } from '../../../test-support/use-test-app.ts';

const input = (invoiceId: string = randomUUID()) => ({
  referenceId: 'buyer@example.com',
  customId: 'package-pkgBasic',
  invoiceId,
  amount: { currency_code: 'USD', value: '14.99' },
});

async function rejection(promise: Promise<unknown>): Promise<PaypalError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaypalError);
  return error as PaypalError;
}

describe('the PayPal adapter against the embedded sandbox over HTTP', () => {
  const t = useTestAppFrom(startListeningTestApp);

  it('creates, reads, and after approval captures an order, with one token request for all calls', async () => {
    const { client, calls } = countingClient(t.app);
    const invoiceId = randomUUID();
    const created = await client.createOrder(input(invoiceId));
    expect(created).toEqual({ id: expect.stringMatching(/^[A-Z0-9]{17}$/), status: 'CREATED' });

    const read = await client.getOrder(created.id);
    expect(read.purchase_units?.[0]).toMatchObject({
      reference_id: 'buyer@example.com',
      custom_id: 'package-pkgBasic',
      invoice_id: invoiceId,
      amount: { currency_code: 'USD', value: '14.99' },
    });
    expect(firstCapture(read)).toBeUndefined();

    expect((await approvePaypal(t.app, created.id)).json()).toEqual({ id: created.id, status: 'APPROVED' });
    const captured = await client.captureOrder(created.id);
    expect(captured.status).toBe('COMPLETED');
    expect(firstCapture(captured)).toEqual({
      id: expect.stringMatching(/^[A-Z0-9]{17}$/),
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '14.99' },
      customId: 'package-pkgBasic',
      invoiceId,
    });
    expect(firstCapture(await client.getOrder(created.id))?.status).toBe('COMPLETED');
    expect(calls.filter((c) => c === 'POST /sandbox/paypal/v1/oauth2/token')).toHaveLength(1);
    expect(calls).toHaveLength(5);
  });

  it('shares one in-flight token request among concurrent callers and refreshes it a minute before expiry', async () => {
    let now = Date.now();
    const calls: string[] = [];
    const client = new PaypalClient(t.app.ctx.config.paypal, {
      now: () => now,
      fetch: (url, init) => {
        calls.push(new URL(String(url)).pathname);
        return fetch(url, init);
      },
    });
    const { id } = await (await Promise.all([client.createOrder(input()), client.createOrder(input()), client.createOrder(input())]))[0]!;
    expect(calls.filter((p) => p.endsWith('/oauth2/token'))).toHaveLength(1);

    now += (32_400 - 61) * 1000;
    await client.getOrder(id);
    expect(calls.filter((p) => p.endsWith('/oauth2/token'))).toHaveLength(1);
    now += 2000;
    await client.getOrder(id);
    expect(calls.filter((p) => p.endsWith('/oauth2/token'))).toHaveLength(2);
  });

  it('reports PayPal errors with status, name and issue', async () => {
    const { client } = countingClient(t.app);
    const { id } = await client.createOrder(input());
    const notApproved = await rejection(client.captureOrder(id));
    expect(notApproved).toMatchObject({ status: 422, paypalName: 'UNPROCESSABLE_ENTITY', issue: 'ORDER_NOT_APPROVED' });

    await approvePaypal(t.app, id);
    await client.captureOrder(id);
    expect(await rejection(client.captureOrder(id))).toMatchObject({ status: 422, issue: 'ORDER_ALREADY_CAPTURED' });
    expect(await rejection(client.getOrder('NOSUCHORDER000000'))).toMatchObject({ status: 404, paypalName: 'RESOURCE_NOT_FOUND' });
    expect(await rejection(client.createOrder({ ...input(), amount: { currency_code: 'USD', value: '14.999' } }))).toMatchObject({
      status: 400,
      issue: 'INVALID_PARAMETER_SYNTAX',
    });

    const stranger = new PaypalClient({ ...t.app.ctx.config.paypal, clientSecret: 'wrong-secret' });
    expect(await rejection(stranger.createOrder(input()))).toMatchObject({ status: 401, paypalName: 'invalid_client' });
  });

  it('honours PayPal-Request-Id: a retried create or capture answers the first result', async () => {
    const { client } = countingClient(t.app);
    const requestId = randomUUID();
    const first = await client.createOrder(input(), requestId);
    expect(await client.createOrder(input(), requestId)).toEqual(first);
    expect((await client.createOrder(input())).id).not.toBe(first.id);

    await approvePaypal(t.app, first.id);
    const captureId = randomUUID();
    const captured = firstCapture(await client.captureOrder(first.id, captureId));
    expect(firstCapture(await client.captureOrder(first.id, captureId))).toEqual(captured);
  });

  it('verifies webhooks through verify-webhook-signature, against the exact body', async () => {
    const { client } = countingClient(t.app);
    const { clientSecret, webhookId } = t.app.ctx.config.paypal;
    const body = JSON.stringify({
      id: 'WH-1',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: 'CAP1', amount: { currency_code: 'USD', value: '14.99' } },
    });
    const headers = signedWebhookHeaders({ secret: clientSecret, webhookId, certUrl: 'https://example.com/cert', body, now: new Date() });

    expect(await client.verifyWebhookSignature(headers, webhookId, body)).toBe(true);
    expect(await client.verifyWebhookSignature(headers, webhookId, body.replace('14.99', '0.01'))).toBe(false);
    expect(await client.verifyWebhookSignature(headers, 'another-webhook', body)).toBe(false);
    expect(await client.verifyWebhookSignature({ ...headers, 'paypal-transmission-id': randomUUID() }, webhookId, body)).toBe(false);
    const forged = signedWebhookHeaders({
      secret: 'attacker-secret',
      webhookId,
      certUrl: 'https://example.com/cert',
      body,
      now: new Date(),
    });
    expect(await client.verifyWebhookSignature(forged, webhookId, body)).toBe(false);
    const { 'paypal-transmission-sig': _dropped, ...unsigned } = headers;
    expect(await client.verifyWebhookSignature(unsigned, webhookId, body)).toBe(false);
  });

  it('gives up after its timeout and when PayPal cannot be reached', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      const slow = new PaypalClient({ ...t.app.ctx.config.paypal, baseUrl: `http://127.0.0.1:${port}` }, { timeoutMs: 200 });
      expect(await rejection(slow.getOrder('X'))).toMatchObject({ status: 0, paypalName: 'TIMEOUT' });
    } finally {
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    const gone = new PaypalClient({ ...t.app.ctx.config.paypal, baseUrl: `http://127.0.0.1:${port}` });
    expect(await rejection(gone.getOrder('X'))).toMatchObject({ status: 0, paypalName: 'NETWORK_ERROR' });
  });
});
