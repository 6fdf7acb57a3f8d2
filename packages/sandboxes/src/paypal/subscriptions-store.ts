import { and, desc, eq, sql } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';
import type { Money } from './orders-store.ts';

/**
 * The PayPal sandbox's billing catalogue (products, plans) and subscriptions, in the database so
 * that they survive restarts. A subscription moves on only by a conditional update on the state it
 * was read in, so two requests racing (a charge and a cancel) cannot both win.
 */
const { sandboxPaypalPlans: catalog, sandboxPaypalSubscriptions: table } = schema;

export interface StoredTransaction {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'REFUNDED';
  time: string;
  amount_with_breakdown: { gross_amount: Money; fee_amount: Money; net_amount: Money };
}

export type SubscriptionStatus = 'APPROVAL_PENDING' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

export interface StoredSubscription {
  plan_id: string;
  custom_id?: string;
  email_address?: string;
  amount: Money;
  failure_threshold: number;
  create_time: string;
  update_time: string;
  status_update_time: string;
  start_time?: string;
  next_billing_time?: string;
  cycles_completed: number;
  failed_payments_count: number;
  last_payment?: { amount: Money; time: string };
  last_failed_payment?: { amount: Money; time: string; reason_code: string };
  status_change_note?: string;
  transactions: StoredTransaction[];
}

export interface SandboxSubscription {
  id: string;
  status: SubscriptionStatus;
  body: StoredSubscription;
  /** The version read: an update applies only if nobody changed the row since. */
  updatedAt: Date;
}

export async function insertCatalogItem(
  db: Executor,
  item: { id: string; kind: 'product' | 'plan'; body: Record<string, unknown> },
  requestId: string | undefined,
): Promise<{ body: Record<string, unknown>; created: boolean }> {
  if (requestId) {
    const [known] = await db
      .select()
      .from(catalog)
      .where(and(eq(catalog.kind, item.kind), eq(catalog.requestId, requestId)));
    if (known) return { body: known.body as Record<string, unknown>, created: false };
  }
  await db.insert(catalog).values({ ...item, requestId: requestId ?? null });
  return { body: item.body, created: true };
}

export async function findCatalogItem(db: Executor, kind: 'product' | 'plan', id: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db
    .select()
    .from(catalog)
    .where(and(eq(catalog.kind, kind), eq(catalog.id, id)));
  return row?.body as Record<string, unknown> | undefined;
}

const toSubscription = (row: typeof table.$inferSelect): SandboxSubscription => ({
  id: row.id,
  status: row.status as SubscriptionStatus,
  body: row.body as StoredSubscription,
  updatedAt: row.updatedAt,
});

export async function insertOrGetSubscription(
  db: Executor,
  subscription: Omit<SandboxSubscription, 'updatedAt'>,
  requestId: string | undefined,
): Promise<{ subscription: SandboxSubscription; created: boolean }> {
  if (requestId) {
    const [known] = await db.select().from(table).where(eq(table.requestId, requestId));
    if (known) return { subscription: toSubscription(known), created: false };
  }
  const now = new Date();
  await db.insert(table).values({ ...subscription, requestId: requestId ?? null, createdAt: now, updatedAt: now });
  return { subscription: (await findSandboxSubscription(db, subscription.id))!, created: true };
}

export async function findSandboxSubscription(db: Executor, id: string): Promise<SandboxSubscription | undefined> {
  const [row] = await db.select().from(table).where(eq(table.id, id));
  return row ? toSubscription(row) : undefined;
}

export async function listSandboxSubscriptions(db: Executor, limit = 100): Promise<SandboxSubscription[]> {
  const rows = await db.select().from(table).orderBy(desc(table.createdAt)).limit(limit);
  return rows.map(toSubscription);
}

/** Writes the new state only if the row is still the version `read` was; false when someone else got there first. */
export async function replaceSubscription(
  db: Executor,
  read: SandboxSubscription,
  to: { status: SubscriptionStatus; body: StoredSubscription },
): Promise<boolean> {
  const rows = await db
    .update(table)
    .set({ status: to.status, body: to.body, updatedAt: new Date(Math.max(Date.now(), read.updatedAt.getTime() + 1)) })
    .where(and(eq(table.id, read.id), eq(table.updatedAt, read.updatedAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** The subscription holding a sale (transaction) id, for the sale refund call. */
export async function findSubscriptionBySale(db: Executor, saleId: string): Promise<SandboxSubscription | undefined> {
  const [row] = await db
    .select()
    .from(table)
    .where(sql`${table.body}->'transactions' @> ${JSON.stringify([{ id: saleId }])}::jsonb`)
    .limit(1);
  return row ? toSubscription(row) : undefined;
}
