import { and, desc, eq, gte, inArray, isNotNull, isNull, like, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import { queryRows, schema, type Executor } from '@traffic/db';
import { activationJson, type ActivationJson } from '../shapes/index.ts';
import { userContains } from '../../lib/user-search.ts';

const { orders, paymentEvents, subscriptions, activatedAddons, users, paypalPlans } = schema;
export type OrderRow = typeof orders.$inferSelect;
export type OrderKind = 'package' | 'hits' | 'slots';
export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

/**
 * The customer's checkouts started since `since` that were not paid (still pending, failed or
 * cancelled), and when the oldest of them started: the open-orders limit counts these.
 */
export async function unfinishedCheckoutsSince(db: Executor, userId: number, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${orders.createdAt})`.mapWith(orders.createdAt) })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        gte(orders.createdAt, since),
        inArray(orders.provider, ['payhere', 'paypal']),
        notInArray(orders.status, ['paid', 'revoked']),
      ),
    );
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function findOrder(db: Executor, id: string, lock = false): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findOrderByProviderId(
  db: Executor,
  provider: string,
  providerOrderId: string,
  lock = false,
): Promise<OrderRow | undefined> {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerOrderId, providerOrderId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The customer's newest order for an item that a verified payment has settled (or is still settling). */
export async function findLatestOrderForItem(db: Executor, userId: number, kind: OrderKind, itemId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, kind), eq(orders.itemId, itemId)))
    .orderBy(sql`(${orders.status} = 'paid') desc`, desc(orders.createdAt))
    .limit(1);
  return row;
}

export async function updateOrder(db: Executor, id: string, change: Partial<typeof orders.$inferInsert>): Promise<void> {
  await db
    .update(orders)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/**
 * Records the gateway's reading of an order's subscription (its id and status), unless the stored
 * status is no longer `readStatus`, the one the reading was compared with: a cancel job that ended
 * meanwhile ('cancelled') is not undone by a reading taken before it. Answers whether it recorded.
 */
export async function recordSubscriptionReading(
  db: Executor,
  id: string,
  readStatus: string | null,
  reading: { gatewaySubscriptionId: string; gatewaySubscriptionStatus: string | null },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ ...reading, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, id),
        readStatus === null ? isNull(orders.gatewaySubscriptionStatus) : eq(orders.gatewaySubscriptionStatus, readStatus),
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}

/**
 * Claims a read of the gateway's record of an order for now, unless another was claimed less than
 * `coolDownMs` before (`charges_read_at`): one conditional update, so of racing callers one wins.
 * Answers whether this caller may call the gateway.
 */
export async function claimGatewayRead(db: Executor, id: string, now: Date, coolDownMs: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ chargesReadAt: now })
    .where(and(eq(orders.id, id), or(isNull(orders.chargesReadAt), lte(orders.chargesReadAt, new Date(now.getTime() - coolDownMs)))))
    .returning({ id: orders.id });
  return rows.length > 0;
}

/** The order a PayPal capture paid: settling a capture records it under its capture id. */
export async function findOrderIdByPaypalCapture(db: Executor, captureId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ orderId: paymentEvents.orderId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, 'paypal'), eq(paymentEvents.externalId, captureId), eq(paymentEvents.kind, 'payment')));
  return row?.orderId ?? undefined;
}

export async function paymentEventExists(db: Executor, provider: string, externalId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.externalId, externalId)));
  return !!row;
}

/** Records a gateway event once; false when (provider, externalId) was already recorded (a replay). */
export async function recordPaymentEvent(db: Executor, event: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(event).onConflictDoNothing().returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function lockUser(db: Executor, userId: number): Promise<typeof users.$inferSelect | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

export async function findSubscription(db: Executor, userId: number, type: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.type, type)))
    .for('update');
  return row;
}

export async function upsertSubscription(db: Executor, values: typeof subscriptions.$inferInsert): Promise<void> {
  await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.type],
      set: {
        packageId: values.packageId,
        startedAt: values.startedAt,
        expiresAt: values.expiresAt,
        orderId: values.orderId,
        // A new grant starts a new paid period: no grace is running and no reminder was sent for it.
        paidUntil: null,
        remindedFor: null,
        updatedAt: new Date(),
      },
    });
}

export async function setSubscriptionExpiry(
  db: Executor,
  id: number,
  expiresAt: Date,
  packageId?: string,
  extra: { paidUntil?: Date | null } = {},
): Promise<void> {
  await db
    .update(subscriptions)
    .set({ expiresAt, ...(packageId ? { packageId } : {}), ...extra, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
}

export async function insertActivation(
  db: Executor,
  values: typeof activatedAddons.$inferInsert,
): Promise<typeof activatedAddons.$inferSelect> {
  const [row] = await db.insert(activatedAddons).values(values).returning();
  return row!;
}

export async function findActivation(db: Executor, id: number): Promise<typeof activatedAddons.$inferSelect | undefined> {
  const [row] = await db.select().from(activatedAddons).where(eq(activatedAddons.id, id));
  return row;
}

export async function findActivationByOrder(db: Executor, orderId: string): Promise<typeof activatedAddons.$inferSelect | undefined> {
  const [row] = await db.select().from(activatedAddons).where(eq(activatedAddons.orderId, orderId));
  return row;
}

export async function deleteActivation(db: Executor, id: number, kind?: 'hits' | 'slots'): Promise<boolean> {
  const rows = await db
    .delete(activatedAddons)
    .where(kind ? and(eq(activatedAddons.id, id), eq(activatedAddons.kind, kind)) : eq(activatedAddons.id, id))
    .returning({ id: activatedAddons.id });
  return rows.length > 0;
}

/** Where a card order's monthly billing stands at PayHere (orders.gateway_subscription_status). */
export type GatewaySubscriptionStatus = 'active' | 'failed' | 'cancelling' | 'cancelled' | 'completed';
/** Still charging, or may still charge: what a cancellation must reach. */
export const BILLING: GatewaySubscriptionStatus[] = ['active', 'failed'];

/**
 * Granted package orders whose gateway subscription still bills: card orders (no status read yet
 * counts as active) and PayPal subscriptions (a one-time PayPal order has no subscription id).
 */
const billing = (provider?: 'payhere') =>
  and(
    provider
      ? eq(orders.provider, provider)
      : or(eq(orders.provider, 'payhere'), and(eq(orders.provider, 'paypal'), isNotNull(orders.gatewaySubscriptionId))),
    eq(orders.kind, 'package'),
    isNotNull(orders.grantedAt),
    inArray(sql`coalesce(${orders.gatewaySubscriptionStatus}, 'active')`, BILLING),
  );

/** Whether any card subscription still bills (the daily read of PayHere's list). */
export async function anyBillingOrder(db: Executor): Promise<boolean> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(billing('payhere')).limit(1);
  return !!row;
}

/**
 * Marks 'cancelling' the billing orders (card or PayPal) of a user (of a type, all but one order)
 * or one order, and answers their ids and gateways.
 */
export async function markBillingOrdersCancelling(
  db: Executor,
  target: { userId: number; type?: string; exceptOrderId?: string } | { orderId: string },
): Promise<{ id: string; provider: string }[]> {
  const where =
    'orderId' in target
      ? and(billing(), eq(orders.id, target.orderId))
      : and(
          billing(),
          eq(orders.userId, target.userId),
          target.type ? eq(orders.packageType, target.type) : undefined,
          target.exceptOrderId ? ne(orders.id, target.exceptOrderId) : undefined,
        );
  const rows = await db
    .update(orders)
    .set({
      gatewaySubscriptionStatus: 'cancelling',
      renewalStoppedAt: sql`coalesce(${orders.renewalStoppedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(where)
    .returning({ id: orders.id, provider: orders.provider });
  return rows;
}

/** Our granted card package orders among these ids, with their subscription id and status. */
export function grantedCardOrders(
  db: Executor,
  ids: string[],
): Promise<{ id: string; subscriptionId: string | null; status: string | null }[]> {
  return db
    .select({ id: orders.id, subscriptionId: orders.gatewaySubscriptionId, status: orders.gatewaySubscriptionStatus })
    .from(orders)
    .where(and(eq(orders.provider, 'payhere'), eq(orders.kind, 'package'), isNotNull(orders.grantedAt), inArray(orders.id, ids)));
}

/**
 * The gateway charges already applied to an order (recorded as `<prefix><id>` events: payment:,
 * sale:), by charge id, with how each was applied (payment, renewal, renewal-void, renewal-unapplied).
 */
export async function appliedCharges(db: Executor, orderId: string, provider: string, prefix: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ externalId: paymentEvents.externalId, kind: paymentEvents.kind })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.orderId, orderId), eq(paymentEvents.provider, provider), like(paymentEvents.externalId, `${prefix}%`)));
  return new Map(rows.map((r) => [r.externalId.slice(prefix.length), r.kind]));
}

/**
 * Granted recurring package orders (card, PayPal subscription) still billing whose subscription
 * ends between `from` and `until` (1,000 at most).
 */
export function recurringOrdersEndingBetween(db: Executor, from: Date, until: Date): Promise<{ id: string; provider: string }[]> {
  return queryRows<{ id: string; provider: string }>(
    db,
    sql`select o.id, o.provider from orders o
        join subscriptions s on s.user_id = o.user_id and s.type = o.package_type and s.package_id = o.item_id
        where (o.provider = 'payhere' or (o.provider = 'paypal' and o.gateway_subscription_id is not null))
          and o.kind = 'package' and o.granted_at is not null and o.revoked_at is null
          and coalesce(o.gateway_subscription_status, 'active') in ('active', 'cancelling')
          and s.expires_at between ${from} and ${until}
        limit 1000`,
  );
}

export interface AddonHolderRow {
  user_id: number;
  username: string;
  email: string;
  addons: ActivationJson[];
}

/**
 * One page of the users holding activated add-ons, with those add-ons, and how many holders match.
 * The holders are the users whose addon_count (kept by a trigger) is above 0: a page is a walk of
 * the partial index users_addon_holders_idx in username order, however deep; only that page's
 * add-ons are read, and the count runs beside it.
 */
export async function addonHoldersPage(
  db: Executor,
  q: { page: number; size: number; search: string },
): Promise<{ total: number; rows: AddonHolderRow[] }> {
  // Holders are the users whose addon_count is above 0. A search of 3 characters or more goes
  // through the trigram indexes, which narrow the users far better than testing every holder's name
  // (ILIKE costs ~2 µs a row: 50 ms over 25,000 holders, 5 ms through the trigrams); `addon_count + 0`
  // keeps the planner off the holders' partial index. A shorter search (or none) has no trigram to
  // look up: it walks the holders alone, through that index (one character tests a bit of search_mask).
  const holder = q.search.length >= 3 ? sql`u.addon_count + 0 > 0` : sql`u.addon_count > 0`;
  const matching = q.search ? sql` and ${userContains('u', q.search)}` : sql``;
  const holders = sql`from users u where ${holder}${matching}`;
  const [[countRow], rows] = await Promise.all([
    queryRows<{ n: number }>(db, sql`select count(*)::int as n ${holders}`),
    queryRows<AddonHolderRow>(
      db,
      sql`
        with page as (
          select u.id, u.username, u.email ${holders}
          order by lower(u.username), u.id
          limit ${q.size} offset ${q.page * q.size}
        )
        select h.id as user_id, h.username, h.email,
          (select json_agg(${activationJson('a')} order by a.expires_at)
             from activated_addons a where a.user_id = h.id) as addons
        from page h
        order by lower(h.username), h.id`,
    ),
  ]);
  return { total: countRow?.n ?? 0, rows };
}

/** The PayPal plan that bills a package at a price, if one was made. */
export async function findPaypalPlan(db: Executor, packageId: string, price: string, currency: string): Promise<string | undefined> {
  const [row] = await db
    .select({ planId: paypalPlans.planId })
    .from(paypalPlans)
    .where(and(eq(paypalPlans.packageId, packageId), eq(paypalPlans.price, price), eq(paypalPlans.currency, currency)));
  return row?.planId;
}

/** Records a package's plan at a price; the first one recorded wins (answers the plan to use). */
export async function insertPaypalPlan(db: Executor, plan: typeof paypalPlans.$inferInsert): Promise<string> {
  await db.insert(paypalPlans).values(plan).onConflictDoNothing();
  return (await findPaypalPlan(db, plan.packageId, plan.price, plan.currency ?? 'USD'))!;
}

/**
 * Records the gateway's status of a recurring order, except that an order being cancelled stays
 * 'cancelling' until the gateway itself says it stopped: its cancel job must still run.
 */
export async function setGatewayStatus(db: Executor, orderId: string, status: GatewaySubscriptionStatus): Promise<void> {
  const stopped = status === 'cancelled' || status === 'completed';
  await db
    .update(orders)
    .set({ gatewaySubscriptionStatus: status, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, orderId),
        stopped ? undefined : or(sql`${orders.gatewaySubscriptionStatus} is null`, ne(orders.gatewaySubscriptionStatus, 'cancelling')),
      ),
    );
}
