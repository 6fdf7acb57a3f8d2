import type { RegisterBody, User } from '@traffic/shared';
import { SANDBOX_CREDENTIALS } from '../../src/config.ts';
import { notifySignature } from '../../src/modules/payments/payhere/payhere-signature.ts';
import { customerBody } from '../../src/test-support/accounts.ts';
import { TEST_ADMIN } from '../../src/test-support/test-app.ts';
import { websiteBody } from '../../src/test-support/websites.ts';
import { attempt, request, type HttpResponse } from './http.ts';

/** The same helpers as the in-process tests use, over real HTTP to a server process. */
export interface HttpSession {
  token: string;
  user: User;
  headers: { authorization: string };
}

function expectStatus(res: HttpResponse, status: number, what: string): HttpResponse {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${res.body.slice(0, 500)}`);
  return res;
}

export async function login(base: string, username: string, password: string): Promise<HttpSession> {
  const res = expectStatus(await request(base, 'POST', '/api/users/login', { json: { username, password } }), 200, 'login');
  const { token, data } = res.json<{ token: string; data: User }>();
  return { token, user: data, headers: { authorization: `Bearer ${token}` } };
}

export const loginAdmin = (base: string) => login(base, TEST_ADMIN.email, TEST_ADMIN.password);

export async function registerCustomer(base: string, overrides: Partial<RegisterBody> = {}): Promise<HttpSession> {
  const res = expectStatus(await request(base, 'POST', '/api/users', { json: customerBody(overrides) }), 201, 'register');
  const { token, data } = res.json<{ token: string; data: User }>();
  return { token, user: data, headers: { authorization: `Bearer ${token}` } };
}

export async function grantPackage(base: string, admin: HttpSession, email: string, pkg: string): Promise<User> {
  return expectStatus(
    await request(base, 'POST', '/api/users/addPackage', { headers: admin.headers, json: { pkg, email } }),
    200,
    'grant',
  ).json();
}

export async function customerWithPackage(
  base: string,
  admin: HttpSession,
  pkg: string,
  overrides: Partial<RegisterBody> = {},
): Promise<HttpSession> {
  const customer = await registerCustomer(base, overrides);
  return { ...customer, user: await grantPackage(base, admin, customer.user.email, pkg) };
}

export function createWebsite(base: string, session: HttpSession, overrides: Record<string, unknown> = {}, timeoutMs = 30_000) {
  return attempt(base, 'POST', '/api/website', { headers: session.headers, json: websiteBody(overrides), timeoutMs });
}

export async function startCheckout(
  base: string,
  session: HttpSession,
  kind: 'package' | 'hits' | 'slots',
  id: string,
): Promise<Record<string, string>> {
  return expectStatus(await request(base, 'POST', '/api/orders', { headers: session.headers, json: { kind, id } }), 201, 'checkout').json();
}

/** The PayHere server callback, signed with the sandbox merchant secret, as the gateway sends it. */
export function payhereNotify(
  order: { order_id: string; amount: string; currency?: string },
  paymentId = '320025071278',
): Record<string, string> {
  const fields: Record<string, string> = {
    merchant_id: SANDBOX_CREDENTIALS.payhereMerchantId,
    order_id: order.order_id,
    payment_id: paymentId,
    payhere_amount: order.amount,
    payhere_currency: order.currency ?? 'USD',
    status_code: '2',
    status_message: 'Successfully completed the payment.',
    method: 'VISA',
    custom_1: '',
    custom_2: '',
  };
  fields.md5sig = notifySignature({
    merchantId: fields.merchant_id!,
    merchantSecret: SANDBOX_CREDENTIALS.payhereMerchantSecret,
    orderId: fields.order_id!,
    amount: fields.payhere_amount!,
    currency: fields.payhere_currency!,
    statusCode: fields.status_code!,
  });
  return fields;
}

export function sendNotify(base: string, fields: Record<string, string>, timeoutMs?: number) {
  return request(base, 'POST', '/api/payments/payhere/notify', { form: fields, ...(timeoutMs ? { timeoutMs } : {}) });
}
