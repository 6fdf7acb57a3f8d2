import { and, desc, eq, gte, inArray, notInArray, sql } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const { orders, paymentEvents, subscriptions, activatedAddons, users } = schema;
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
        updatedAt: new Date(),
      },
    });
}

export async function setSubscriptionExpiry(db: Executor, id: number, expiresAt: Date, packageId?: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({ expiresAt, ...(packageId ? { packageId } : {}), updatedAt: new Date() })
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
