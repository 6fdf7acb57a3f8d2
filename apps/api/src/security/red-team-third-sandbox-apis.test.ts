import { beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../config.ts';
import { customerWithPackage, loginAdmin, type Session } from '../test-support/accounts.ts';
import { payWithSandboxCard } from '../test-support/payhere-sandbox.ts';
import { useListeningTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team finding: in sandbox mode the stand-ins of the vendors' merchant APIs answered anyone who
 * used the sandbox's built-in credentials (public in the code). A visitor from elsewhere refunded a
 * customer's card payment, cancelled subscriptions and read every customer's campaign URLs. Only the
 * server itself (loopback) or an administrator reaches them now; the buyer's pages stay open.
 */
describe('red team: the sandboxes’ merchant APIs seen from elsewhere', () => {
  let admin: Session;
  let orderId: string;
  const OUTSIDER = '203.0.113.7';
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  const payhereBasic = basic(SANDBOX_CREDENTIALS.payhereAppId, SANDBOX_CREDENTIALS.payhereAppSecret);
  const paypalBasic = basic(SANDBOX_CREDENTIALS.paypalClientId, SANDBOX_CREDENTIALS.paypalClientSecret);
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  const t = useListeningTestApp({}, 'once');
  beforeAll(async () => {
    admin = await loginAdmin(t.app);
    const buyer = await customerWithPackage(t.app);
    orderId = await payWithSandboxCard(t.app, buyer, 'hits', '1000Hits');
  });

  const from = (remoteAddress: string, method: 'GET' | 'POST', url: string, headers: Record<string, string> = {}, payload?: string) =>
    t.app.inject({ method, url, remoteAddress, headers: { host: 'localhost:3000', ...headers }, ...(payload ? { payload } : {}) });

  /** A PayHere merchant token, as the server's own adapter gets it (over loopback). */
  const payhereToken = async () =>
    (
      await from(
        '127.0.0.1',
        'POST',
        '/sandbox/payhere/merchant/v1/oauth/token',
        { authorization: payhereBasic, ...form },
        'grant_type=client_credentials',
      )
    ).json().access_token as string;

  it('refuses an outsider every merchant call with the built-in credentials, and changes nothing', async () => {
    const bearer = { authorization: `Bearer ${await payhereToken()}` };
    const attempts = [
      from(
        OUTSIDER,
        'POST',
        '/sandbox/payhere/merchant/v1/oauth/token',
        { authorization: payhereBasic, ...form },
        'grant_type=client_credentials',
      ),
      from(OUTSIDER, 'GET', `/sandbox/payhere/merchant/v1/payment/search?order_id=${orderId}`, bearer),
      from(
        OUTSIDER,
        'POST',
        '/sandbox/payhere/merchant/v1/payment/refund',
        { ...bearer, 'content-type': 'application/json' },
        '{"payment_id":1}',
      ),
      from(OUTSIDER, 'GET', '/sandbox/payhere/merchant/v1/subscription', bearer),
      from(OUTSIDER, 'POST', '/sandbox/paypal/v1/oauth2/token', { authorization: paypalBasic, ...form }, 'grant_type=client_credentials'),
      from(OUTSIDER, 'POST', '/sandbox/paypal/orders/ABC123/refund'),
      from(OUTSIDER, 'GET', `/sandbox/9hits/api/siteGet?key=${SANDBOX_CREDENTIALS.ninehitsApiKey}`),
      // Forged forwarding from a proxy on this machine is someone else too.
      from('127.0.0.1', 'GET', `/sandbox/9hits/api/siteGet?key=${SANDBOX_CREDENTIALS.ninehitsApiKey}`, { 'x-forwarded-for': OUTSIDER }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect({ url: res.raw.req.url, status: res.statusCode }).toEqual({ url: res.raw.req.url, status: 403 });
      expect(res.body).toContain('open only on the server itself, or to a signed-in administrator');
      expect(res.body).not.toContain('http');
    }
    // The payment was not refunded: the sandbox still reports it as paid.
    const search = await from('127.0.0.1', 'GET', `/sandbox/payhere/merchant/v1/payment/search?order_id=${orderId}`, {
      authorization: `Bearer ${await payhereToken()}`,
    });
    expect(search.statusCode).toBe(200);
    expect(search.json().data[0]).toMatchObject({ status: 'RECEIVED' });
  });

  it('still answers the server itself (its adapters) and an administrator from elsewhere', async () => {
    const own = await fetch(`${t.baseUrl}/sandbox/9hits/api/siteGet?key=${SANDBOX_CREDENTIALS.ninehitsApiKey}`);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { status: string }).status).toBe('ok');
    const asAdmin = await from(OUTSIDER, 'GET', `/sandbox/9hits/api/siteGet?key=${SANDBOX_CREDENTIALS.ninehitsApiKey}`, admin.headers);
    expect(asAdmin.statusCode).toBe(200);
  });

  it('keeps the buyer’s pages open to any browser', async () => {
    // A wrong hash gets PayHere's error page, an unknown order PayPal's 404: neither is refused as such.
    const checkout = await from(OUTSIDER, 'POST', '/sandbox/payhere/pay/checkout', form, 'order_id=x&hash=y');
    expect(checkout.statusCode).not.toBe(403);
    expect((await from(OUTSIDER, 'POST', '/sandbox/paypal/orders/ABC123/approve')).statusCode).toBe(404);
    expect((await from(OUTSIDER, 'POST', '/sandbox/paypal/subscriptions/I-ABC123/approve')).statusCode).toBe(404);
  });
});
