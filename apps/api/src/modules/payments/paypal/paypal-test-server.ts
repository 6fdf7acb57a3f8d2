import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { App } from '../../../app.ts';
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts';
import type { Session } from '../../../test-support/accounts.ts';
import { PaypalClient } from './paypal-client.ts';

/**
 * Test support for the PayPal suites: the real app listening on a loopback port, with APP_URL on
 * that port, so the adapter reaches the embedded sandbox (and the sandbox our webhook) over HTTP.
 */
export interface ListeningTestApp extends TestApp {
  baseUrl: string;
}

/** A port that was free a moment ago (the config needs it before the app listens). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startListeningTestApp(): Promise<ListeningTestApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ APP_URL: baseUrl, PORT: String(port) });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, baseUrl };
}

/** A client for the sandbox that counts its requests per path. */
export function countingClient(app: App): { client: PaypalClient; calls: string[] } {
  const calls: string[] = [];
  const counted: typeof fetch = (input, init) => {
    calls.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };
  return { client: new PaypalClient(app.ctx.config.paypal, { fetch: counted }), calls };
}

export const createPaypalOrder = (app: App, s: Session, kind: string, id: string, extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'POST', url: '/api/payments/paypal/orders', headers: s.headers, payload: { kind, id, ...extra } });

export const capturePaypal = (app: App, s: Session, paypalOrderId: string) =>
  app.inject({ method: 'POST', url: `/api/payments/paypal/orders/${paypalOrderId}/capture`, headers: s.headers });

/** What our approval dialog does: the buyer approves at the sandbox. */
export const approvePaypal = (app: App, paypalOrderId: string) =>
  app.inject({ method: 'POST', url: `/sandbox/paypal/orders/${paypalOrderId}/approve` });

/** A sandbox helper that changes a capture and sends the signed webhook (complete, deny, refund). */
export const sandboxEvent = (app: App, paypalOrderId: string, action: 'complete' | 'deny' | 'refund') =>
  app.inject({ method: 'POST', url: `/sandbox/paypal/orders/${paypalOrderId}/${action}`, remoteAddress: '127.0.0.1' });

/** Creates and approves an add-on order as the customer; answers PayPal's order id and ours. */
export async function approvedOrder(app: App, s: Session, kind = 'hits', id = '1000Hits'): Promise<{ id: string; orderUUID: string }> {
  const res = await createPaypalOrder(app, s, kind, id);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  const order = res.json() as { id: string; orderUUID: string };
  const approved = await approvePaypal(app, order.id);
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.statusCode} ${approved.body}`);
  return order;
}

export const loadUser = async (app: App, s: Session) =>
  (await app.inject({ method: 'POST', url: `/api/users/load/${s.user.email}`, headers: s.headers })).json();

export async function orderRow(app: App, id: string) {
  const rows = await queryRows<{
    status: string;
    granted_at: string | null;
    revoked_at: string | null;
    amount: string;
    provider_order_id: string | null;
  }>(app.ctx.db, sql`select status, granted_at, revoked_at, amount, provider_order_id from orders where id = ${id}`);
  return rows[0]!;
}

/** The user's add-on activations: a second grant of one order would show as a second row. */
export async function activationCount(app: App, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(app.ctx.db, sql`select count(*)::int as n from activated_addons where user_id = ${userId}`);
  return row!.n;
}

const DAY = 24 * 60 * 60 * 1000;
/** Days until the user's normal subscription ends: about 30 after one grant, about 60 after two. */
export const daysLeft = (user: { subscription_expiry_date: string | null }) =>
  user.subscription_expiry_date ? (new Date(user.subscription_expiry_date).getTime() - Date.now()) / DAY : 0;
