import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test-support/listening-app.ts';
import { PayhereApi, PayhereApiError } from './payhere-api.ts';

/**
 * Contract of the PayHere merchant API adapter, from PayHere's documented shapes only (not from our
 * sandbox): a loopback server records each request and answers the documentation's examples.
 */
interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

type Answer = { status: number; body: unknown };

const DOC_PAYMENT = {
  payment_id: 320025023469,
  order_id: 'Order0003',
  date: '2018-10-04 20:24:52',
  description: 'Book reading Subscription',
  status: 'RECEIVED',
  currency: 'LKR',
  amount: 200,
  customer: {
    fist_name: 'Saman',
    last_name: 'Kumara',
    email: 'saman@gmail.com',
    phone: '+94712345678',
    delivery_details: { address: '1, Galle Road', city: 'Colombo', country: '' },
  },
  amount_detail: { currency: 'LKR', gross: 200, fee: 36.6, net: 163.4, exchange_rate: 1, exchange_from: 'LKR', exchange_to: 'LKR' },
  payment_method: { method: 'VISA', card_customer_name: 'Saman Kumara', card_no: '************4564' },
  items: [{ name: 'Book reading Subscription', quantity: 1, currency: 'LKR', unit_price: 200, total_price: 200 }],
};

describe('PayHere merchant API adapter: the documented requests and answers', () => {
  let server: Server;
  let baseUrl: string;
  const requests: Recorded[] = [];
  let answers: Answer[] = [];

  beforeAll(async () => {
    const port = await freePort();
    server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        requests.push({
          method: req.method!,
          path: req.url!,
          authorization: req.headers.authorization,
          contentType: req.headers['content-type'],
          body,
        });
        const answer = answers.shift() ?? { status: 500, body: { error: 'unexpected request' } };
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${port}`;
  });
  beforeEach(() => {
    requests.length = 0;
    answers = [];
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const token = { status: 200, body: { access_token: 'pay-here-token', token_type: 'bearer', expires_in: 599, scope: 'SANDBOX' } };
  const api = () => new PayhereApi({ baseUrl, appId: 'test_app_id', appSecret: 'test_app_secret' });
  const basic = `Basic ${Buffer.from('test_app_id:test_app_secret').toString('base64')}`;

  it('gets a token with Basic app_id:app_secret and grant_type=client_credentials, then calls with Bearer', async () => {
    answers = [token, { status: 200, body: { status: 1, msg: 'Payments with order_id:Order0003', data: [DOC_PAYMENT] } }];
    const payments = await api().paymentsOfOrder('Order0003');
    expect(requests[0]).toMatchObject({
      method: 'POST',
      path: '/merchant/v1/oauth/token',
      authorization: basic,
      contentType: 'application/x-www-form-urlencoded',
      body: 'grant_type=client_credentials',
    });
    expect(requests[1]).toMatchObject({
      method: 'GET',
      path: '/merchant/v1/payment/search?order_id=Order0003',
      authorization: 'Bearer pay-here-token',
    });
    expect(payments).toEqual([
      expect.objectContaining({ payment_id: '320025023469', order_id: 'Order0003', status: 'RECEIVED', currency: 'LKR', amount: 200 }),
    ]);
  });

  it('reuses the token until near its expiry', async () => {
    const client = api();
    answers = [token, { status: 200, body: { status: 1, msg: 'ok', data: [] } }, { status: 200, body: { status: 1, msg: 'ok', data: [] } }];
    await client.paymentsOfOrder('a');
    await client.paymentsOfOrder('b');
    expect(requests.map((r) => r.path)).toEqual([
      '/merchant/v1/oauth/token',
      '/merchant/v1/payment/search?order_id=a',
      '/merchant/v1/payment/search?order_id=b',
    ]);
  });

  it('fetches a new token once when PayHere answers invalid_token', async () => {
    answers = [
      token,
      { status: 401, body: { error: 'invalid_token', error_description: 'Invalid access token: e291493a' } },
      token,
      {
        status: 200,
        body: { status: 1, msg: 'Found 2 payments', data: [DOC_PAYMENT, { ...DOC_PAYMENT, payment_id: 320025023470, amount: 100 }] },
      },
    ];
    const payments = await api().paymentsOfSubscription('420075032251');
    expect(requests.map((r) => r.path)).toEqual([
      '/merchant/v1/oauth/token',
      '/merchant/v1/subscription/420075032251/payments',
      '/merchant/v1/oauth/token',
      '/merchant/v1/subscription/420075032251/payments',
    ]);
    expect(payments.map((p) => p.payment_id)).toEqual(['320025023469', '320025023470']);
  });

  it('cancels with a JSON {subscription_id}; "already cancelled" is an answer, not a failure', async () => {
    answers = [token, { status: 200, body: { status: 1, msg: 'Successfully cancelled the subscription', data: null } }];
    const client = api();
    expect(await client.cancelSubscription('420075032251')).toBe(true);
    expect(requests[1]).toMatchObject({
      method: 'POST',
      path: '/merchant/v1/subscription/cancel',
      contentType: 'application/json',
      authorization: 'Bearer pay-here-token',
    });
    expect(JSON.parse(requests[1]!.body)).toEqual({ subscription_id: '420075032251' });
    answers = [{ status: 422, body: { status: -1, msg: 'Subscription is already cancelled.', data: null } }];
    expect(await client.cancelSubscription('420075032251')).toBe(false);
  });

  it('retries and refunds with the documented bodies', async () => {
    const client = api();
    answers = [
      token,
      { status: 200, body: { status: 1, msg: 'Recurring payment charged successfully', data: null } },
      { status: 200, body: { status: 1, msg: 'Successfully refunded', data: 123 } },
    ];
    await client.retrySubscription('420075032251');
    await client.refundPayment('320025023469', 'Refund within 30 days');
    expect(JSON.parse(requests[1]!.body)).toEqual({ subscription_id: '420075032251' });
    expect(requests[2]).toMatchObject({ method: 'POST', path: '/merchant/v1/payment/refund' });
    expect(JSON.parse(requests[2]!.body)).toEqual({ payment_id: '320025023469', description: 'Refund within 30 days' });
  });

  it('reads the subscription list', async () => {
    answers = [
      token,
      {
        status: 200,
        body: {
          status: 1,
          msg: 'Found 1 subscriptions',
          data: [
            {
              subscription_id: 420075032251,
              order_id: 'Order0003',
              date: '2018-10-04 20:24:52',
              description: 'Book',
              status: 'ACTIVE',
              currency: 'LKR',
              amount: 100,
              recurring: '1 Month',
              duration: 'Forever',
            },
          ],
        },
      },
    ];
    expect(await api().subscriptions()).toEqual([
      expect.objectContaining({ subscription_id: '420075032251', order_id: 'Order0003', status: 'ACTIVE' }),
    ]);
  });

  it.each([
    ['a refusal (status -1)', { status: 422, body: { status: -1, msg: 'Subscription is not eligible for retrying', data: null } }, false],
    ['a server error', { status: 503, body: { message: 'down' } }, true],
    ['an answer without the envelope', { status: 200, body: '<html>' }, false],
  ])('reports %s as a PayhereApiError (transient: %s)', async (_name, answer, transient) => {
    answers = [token, answer as Answer];
    const error = await api()
      .retrySubscription('1')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayhereApiError);
    expect((error as PayhereApiError).transient).toBe(transient);
  });

  it('treats a search that finds nothing as no payments', async () => {
    answers = [token, { status: 200, body: { status: -1, msg: 'No payments found', data: null } }];
    expect(await api().paymentsOfOrder('none')).toEqual([]);
  });

  it('reports bad app credentials without retrying forever', async () => {
    answers = [{ status: 401, body: { error: 'invalid_client', error_description: 'Bad client credentials' } }];
    await expect(api().paymentsOfOrder('x')).rejects.toThrow(/token request failed \(HTTP 401\)/);
    expect(requests).toHaveLength(1);
  });
});
