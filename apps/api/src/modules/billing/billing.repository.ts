import { eq, sql } from 'drizzle-orm';
import { queryRows, schema, type Executor } from '@traffic/db';

const { users } = schema;

/** A package type's subscription with the order that last granted it (its gateway and renewal). */
export interface SubscriptionBillingRow {
  type: string;
  package_id: string;
  package_name: string;
  /** A Date or, from some drivers, its text. */
  expires_at: Date | string;
  order_id: string | null;
  provider: string | null;
  gateway_subscription_id: string | null;
  gateway_subscription_status: string | null;
  /** The granting order's amount (what each renewal charges) and currency. */
  amount: string | null;
  currency: string | null;
}

export function subscriptionsWithOrders(db: Executor, userId: number): Promise<SubscriptionBillingRow[]> {
  return queryRows<SubscriptionBillingRow>(
    db,
    sql`select s.type, s.package_id, p.name as package_name, s.expires_at, o.id as order_id, o.provider,
               o.gateway_subscription_id, o.gateway_subscription_status, o.amount::text as amount, o.currency
        from subscriptions s
        join packages p on p.id = s.package_id
        left join orders o on o.id = s.order_id
        where s.user_id = ${userId}`,
  );
}

export interface HistoryRow {
  id: string;
  kind: string;
  date: Date;
  item: string;
  amount: string;
  currency: string;
  provider: string;
  status: string;
}

/**
 * The customer's ledger, newest first: each paid order (its first payment, or an admin's grant),
 * each applied monthly renewal, and each refund or charge-back (money given back, negative): an
 * order's, from the order; a renewal's refund, from its refund event.
 */
const ledger = (userId: number) => sql`
  select 'o-' || o.id as id, case when o.provider = 'grant' then 'grant' else 'payment' end as kind, o.paid_at as date,
         o.item_name as item, o.amount::text as amount, o.currency, o.provider,
         case when o.provider = 'grant' then (case when o.revoked_at is null then 'granted' else 'revoked' end)
              when o.revoked_at is null then 'paid'
              when o.revoked_reason = 'refund' then 'refunded' else 'charged back' end as status
  from orders o
  where o.user_id = ${userId} and o.paid_at is not null and o.granted_at is not null
  union all
  select 'r-' || e.id, 'renewal', e.created_at, o.item_name, e.amount::text, e.currency, o.provider,
         case when exists (select 1 from payment_events r
                           where r.provider = e.provider and r.external_id = 'refund:' || e.external_id and r.kind = 'refund')
              then 'refunded' else 'paid' end
  from payment_events e join orders o on o.id = e.order_id
  where o.user_id = ${userId} and e.kind = 'renewal'
  union all
  select 'x-' || e.id, 'refund', e.created_at, o.item_name, (-e.amount)::text, e.currency, o.provider, 'refunded'
  from payment_events e join orders o on o.id = e.order_id
  where o.user_id = ${userId} and e.kind = 'refund' and e.payload->>'chargeKind' = 'renewal'
  union all
  select 'x-' || o.id, coalesce(o.revoked_reason, 'chargeback'), o.revoked_at, o.item_name, (-o.amount)::text, o.currency, o.provider,
         case when o.revoked_reason = 'refund' then 'refunded' else 'charged back' end
  from orders o
  where o.user_id = ${userId} and o.revoked_at is not null and o.granted_at is not null and o.provider <> 'grant'`;

export async function historyPage(
  db: Executor,
  userId: number,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: HistoryRow[] }> {
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${ledger(userId)}) h`);
  const rows = await queryRows<HistoryRow>(
    db,
    sql`select * from (${ledger(userId)}) h order by h.date desc, h.id desc limit ${limit} offset ${offset}`,
  );
  return { total: count?.total ?? 0, rows };
}

/** What a receipt shows: one payment (o-<order>) or one renewal (r-<event>) of this customer's. */
export interface ReceiptRow {
  number: string;
  paid_at: Date;
  item: string;
  kind: string;
  package_type: string;
  amount: string;
  currency: string;
  provider: string;
  reference: string;
  revoked_reason: string | null;
  revoked_at: Date | null;
  email: string;
  first_name: string;
  last_name: string;
}

export async function findReceipt(db: Executor, userId: number, id: string): Promise<ReceiptRow | undefined> {
  const common = sql`o.item_name as item, o.kind, o.package_type, o.currency, o.provider, o.revoked_reason, o.revoked_at,
                     u.email, u.first_name, u.last_name`;
  const [row] = id.startsWith('o-')
    ? await queryRows<ReceiptRow>(
        db,
        sql`select ${id} as number, o.paid_at, o.amount::text as amount, coalesce(o.provider_order_id, o.id::text) as reference, ${common}
            from orders o join users u on u.id = o.user_id
            where o.id = ${id.slice(2)}::uuid and o.user_id = ${userId} and o.provider <> 'grant'
              and o.paid_at is not null and o.granted_at is not null`,
      )
    : await queryRows<ReceiptRow>(
        db,
        sql`select ${id} as number, e.created_at as paid_at, e.amount::text as amount, e.external_id as reference, ${common}
            from payment_events e join orders o on o.id = e.order_id join users u on u.id = o.user_id
            where e.id = ${Number(id.slice(2))} and o.user_id = ${userId} and e.kind = 'renewal'`,
      );
  return row;
}

/** Whether the customer gets billing reminders (Update details). */
export async function findReminderSetting(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ enabled: users.billingReminders }).from(users).where(eq(users.id, userId));
  return row?.enabled ?? true;
}

export async function setReminderSetting(db: Executor, userId: number, enabled: boolean): Promise<void> {
  await db.update(users).set({ billingReminders: enabled, updatedAt: new Date() }).where(eq(users.id, userId));
}

export interface DueReminderRow {
  id: number;
  user_id: number;
  expires_at: Date | string;
  package_name: string;
  provider: string | null;
  amount: string | null;
  currency: string | null;
  renewing: boolean;
}

/** Packages whose paid period ends between now and `until`, not reminded for that end, not past due (1,000 at most). */
export function dueReminders(db: Executor, now: Date, until: Date): Promise<DueReminderRow[]> {
  return queryRows<DueReminderRow>(
    db,
    sql`select s.id, s.user_id, s.expires_at, p.name as package_name, o.provider, o.amount::text as amount, o.currency,
               (o.provider = 'payhere' or (o.provider = 'paypal' and o.gateway_subscription_id is not null))
                 and coalesce(o.gateway_subscription_status, 'active') = 'active' as renewing
        from subscriptions s
        join packages p on p.id = s.package_id
        left join orders o on o.id = s.order_id
        where s.expires_at > ${now.toISOString()}::timestamptz and s.expires_at <= ${until.toISOString()}::timestamptz
          and s.paid_until is null and s.reminded_for is distinct from s.expires_at
        order by s.expires_at limit 1000`,
  );
}

/** Marks the subscription reminded for its current end; false when another scan already did. */
export async function markReminded(db: Executor, subscriptionId: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update subscriptions set reminded_for = expires_at
        where id = ${subscriptionId} and reminded_for is distinct from expires_at returning id`,
  );
  return rows.length > 0;
}
