import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { queryRows, schema } from '@traffic/db';
import { signToken } from '../http/auth.ts';
import { newAccessToken } from '../modules/tokens/token-secret.ts';
import type { App } from '../app.ts';
import { customerWithPackage, loginAdmin, registerCustomer, type Session } from '../test-support/accounts.ts';
import { sendNotify, startCheckout } from '../test-support/payments.ts';
import { createWebsite } from '../test-support/websites.ts';

export const ACTORS = ['visitor', 'customer', 'other', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

/** The world the matrix runs in: customer A owns things, customer B is "another customer". */
export interface Fixtures {
  app: App;
  a: Session;
  b: Session;
  admin: Session;
  siteId: number;
  paidPackageOrder: string;
  paidHitsOrder: string;
  paypalOrderId: string;
  /** A PayPal subscription of customer a's, not approved yet. */
  paypalSubscriptionId: string;
  /** A fresh resource per call, so destructive probes never depend on each other. */
  fresh: {
    website(): Promise<number>;
    customer(): Promise<Session>;
    activation(kind: 'hits' | 'slots'): Promise<number>;
    package(): Promise<string>;
    addon(kind: 'hits' | 'slots'): Promise<string>;
    failedJob(): Promise<number>;
    /** A new session (token) of the actor's account, for probes that end the session they use. */
    headers(actor: Actor): Promise<Record<string, string>>;
    /** A new session of customer A's, by id. */
    sessionOfA(): Promise<string>;
    /** A spare customer, for probes that end every session of an account, and a new session of theirs. */
    spare(): Promise<{ email: string; headers: Record<string, string> }>;
    /** A new customer with two-factor sign-in on, by email. */
    twoFactorCustomer(): Promise<string>;
    /** A new personal access token of customer A's: its id and the token in the clear. */
    accessTokenOfA(scope: 'read' | 'write'): Promise<{ id: string; token: string }>;
    /** A ready copy of customer A's data, by id. */
    exportOfA(): Promise<string>;
  };
}

let serial = 0;

export async function buildFixtures(app: App): Promise<Fixtures> {
  const admin = await loginAdmin(app);
  const a = await customerWithPackage(app, 'pkgPremium', { email: 'matrix-a@example.com', username: 'matrix_a' });
  const b = await customerWithPackage(app, 'pkgBasic', { email: 'matrix-b@example.com', username: 'matrix_b' });
  const site = (await createWebsite(app, a)).json() as { id: number };

  const pkgForm = await startCheckout(app, a, 'package', 'pkgBasic');
  await sendNotify(app, { order_id: pkgForm.order_id!, payhere_amount: '14.99', payment_id: 'matrix-1' });
  const hitsForm = await startCheckout(app, a, 'hits', '1000Hits');
  await sendNotify(app, { order_id: hitsForm.order_id!, payhere_amount: '4.99', payment_id: 'matrix-2' });
  const paypalSubscription = await app.inject({
    method: 'POST',
    url: '/api/payments/paypal/subscriptions',
    headers: a.headers,
    payload: { id: 'pkgBasic' },
  });
  const paypal = await app.inject({
    method: 'POST',
    url: '/api/payments/paypal/orders',
    headers: a.headers,
    payload: { kind: 'hits', id: '1000Hits' },
  });
  if (paypal.statusCode !== 201) throw new Error(`paypal fixture: ${paypal.body}`);

  let spareCustomer: Session | undefined;
  let exportOfA: Promise<string> | undefined;
  const fresh: Fixtures['fresh'] = {
    async website() {
      const res = await createWebsite(app, a, { url: `https://fresh${++serial}.example.com` });
      return (res.json() as { id: number }).id;
    },
    customer: () => registerCustomer(app, { email: `fresh${++serial}@example.com`, username: `fresh${serial}` }),
    async activation(kind) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/activated-additional-${kind}/email`,
        headers: admin.headers,
        payload: { additional_id: kind === 'hits' ? '1000Hits' : '5Slots', email: b.user.email },
      });
      return (res.json() as { id: number }).id;
    },
    async package() {
      const name = `Matrix ${++serial}`;
      await app.inject({
        method: 'POST',
        url: '/api/packages',
        headers: admin.headers,
        payload: { name, price: 1, hits_per_day: 100, slots: 1 },
      });
      return `pkgMatrix${serial}`;
    },
    async headers(actor): Promise<Record<string, string>> {
      if (actor === 'visitor') return {};
      const session = actor === 'customer' ? a : actor === 'other' ? b : admin;
      // A new session each time: a probe may have signed the last one out.
      const sessionId = randomUUID();
      await app.ctx.db
        .insert(schema.sessions)
        .values({ id: sessionId, userId: session.user.id, expiresAt: new Date(Date.now() + 3_600_000) });
      return { authorization: `Bearer ${signToken(app, { userId: session.user.id, sessionId })}` };
    },
    async spare() {
      spareCustomer ??= await registerCustomer(app, { email: 'matrix-spare@example.com', username: 'matrix_spare' });
      const sessionId = randomUUID();
      await app.ctx.db
        .insert(schema.sessions)
        .values({ id: sessionId, userId: spareCustomer.user.id, expiresAt: new Date(Date.now() + 3_600_000) });
      return {
        email: spareCustomer.user.email,
        headers: { authorization: `Bearer ${signToken(app, { userId: spareCustomer.user.id, sessionId })}` },
      };
    },
    async twoFactorCustomer() {
      const customer = await fresh.customer();
      await app.ctx.db.update(schema.users).set({ totpEnabledAt: new Date() }).where(eq(schema.users.id, customer.user.id));
      return customer.user.email;
    },
    async accessTokenOfA(scope) {
      const { token, hash, hint } = newAccessToken();
      const id = randomUUID();
      await app.ctx.db
        .insert(schema.accessTokens)
        .values({ id, userId: a.user.id, name: `matrix ${++serial}`, scope, tokenHash: hash, hint });
      return { id, token };
    },
    // One copy for every actor's probe: an account may ask for only a few a day.
    exportOfA() {
      exportOfA ??= app.inject({ method: 'POST', url: '/api/account/data-export', headers: a.headers }).then((res) => {
        if (res.statusCode !== 200) throw new Error(`data export fixture: ${res.body}`);
        return (res.json() as { id: string }).id;
      });
      return exportOfA;
    },
    async sessionOfA() {
      const sessionId = randomUUID();
      await app.ctx.db.insert(schema.sessions).values({ id: sessionId, userId: a.user.id, expiresAt: new Date(Date.now() + 3_600_000) });
      return sessionId;
    },
    async addon(kind) {
      const count = 70_000 + ++serial;
      await app.inject({
        method: 'POST',
        url: `/api/additional-${kind}`,
        headers: admin.headers,
        payload: { name: 'Matrix', price: 1, count },
      });
      return `${count}${kind === 'hits' ? 'Hits' : 'Slots'}`;
    },
    async failedJob() {
      // A kind no handler knows: retrying it cannot reach any outside service.
      const [job] = await queryRows<{ id: number }>(
        app.ctx.db,
        sql`insert into jobs (kind, payload, attempts, failed_at, last_error) values ('matrix-noop', '{}', 20, now(), 'gave up') returning id`,
      );
      return Number(job!.id);
    },
  };
  return {
    app,
    a,
    b,
    admin,
    siteId: site.id,
    paidPackageOrder: pkgForm.order_id!,
    paidHitsOrder: hitsForm.order_id!,
    paypalOrderId: paypal.json().id,
    paypalSubscriptionId: paypalSubscription.json().id,
    fresh,
  };
}

export function headersFor(f: Fixtures, actor: Actor): Record<string, string> {
  if (actor === 'visitor') return {};
  return (actor === 'customer' ? f.a : actor === 'other' ? f.b : f.admin).headers;
}

export type ProbeRequest = Omit<InjectOptions, 'method'>;
export interface Probe {
  request(f: Fixtures, actor: Actor): ProbeRequest | Promise<ProbeRequest>;
  /** Expected status per actor: visitor, customer A (the owner), another customer B, admin. */
  expect: [number, number, number, number];
}
