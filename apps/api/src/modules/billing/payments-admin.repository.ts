import { and, eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, schema, type Executor } from '@traffic/db';
import { containsPattern } from '../../lib/like-pattern.ts';

const { paymentEvents } = schema;

/** One payment as the admin's Payments screen lists it: an order's first charge or a renewal. */
export interface PaymentRow {
  id: string;
  kind: 'payment' | 'renewal';
  date: Date | string;
  user_id: number;
  email: string;
  item: string;
  amount: string;
  currency: string;
  provider: 'payhere' | 'paypal';
  status: 'paid' | 'refunded' | 'charged back';
  order_id: string;
  package_type: string;
  /** The gateway charge's key in payment_events (`payment:<id>`, `sale:<id>`, a capture id), when known. */
  charge_key: string | null;
}

/**
 * Every gateway payment: each paid order's first charge (`o-<order>`) and each applied renewal
 * (`r-<event>`), with the charge's key at the gateway and whether it was refunded or charged back.
 */
const payments = sql`
  select 'o-' || o.id as id, 'payment' as kind, o.paid_at as date, o.user_id, u.email, o.item_name as item,
         o.amount::text as amount, o.currency, o.provider, o.id::text as order_id, o.package_type,
         case when o.revoked_at is null then 'paid' when o.revoked_reason = 'refund' then 'refunded' else 'charged back' end as status,
         coalesce(
           (select e.external_id from payment_events e
             where e.order_id = o.id and e.kind = 'payment' and e.external_id not like '%:%:%'
             order by e.created_at, e.id limit 1),
           case when o.provider = 'payhere' and o.provider_order_id is not null then 'payment:' || o.provider_order_id end
         ) as charge_key
  from orders o join users u on u.id = o.user_id
  where o.provider in ('payhere', 'paypal') and o.paid_at is not null and o.granted_at is not null
  union all
  select 'r-' || e.id, 'renewal', e.created_at, o.user_id, u.email, o.item_name, e.amount::text, e.currency, o.provider,
         o.id::text, o.package_type,
         case when exists (select 1 from payment_events r
                           where r.provider = e.provider and r.external_id = 'refund:' || e.external_id and r.kind = 'refund')
              then 'refunded' else 'paid' end,
         e.external_id
  from payment_events e join orders o on o.id = e.order_id join users u on u.id = o.user_id
  where e.kind = 'renewal'`;

export interface PaymentFilters {
  provider?: 'payhere' | 'paypal';
  status?: string;
  from?: string;
  to?: string;
  search?: string;
  userId?: number;
}

function where(f: PaymentFilters): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.userId) parts.push(sql`p.user_id = ${f.userId}`);
  if (f.provider) parts.push(sql`p.provider = ${f.provider}`);
  if (f.status) parts.push(sql`p.status = ${f.status}`);
  if (f.from) parts.push(sql`p.date >= ${f.from}::date`);
  if (f.to) parts.push(sql`p.date < ${f.to}::date + 1`);
  if (f.search) {
    const like = containsPattern(f.search);
    parts.push(sql`(p.email ilike ${like} or p.order_id = ${f.search.toLowerCase()})`);
  }
  return sql.join(parts, sql` and `);
}

export async function paymentsPage(
  db: Executor,
  f: PaymentFilters,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: PaymentRow[] }> {
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from (${payments}) p where ${where(f)}`);
  const rows = await queryRows<PaymentRow>(
    db,
    sql`select * from (${payments}) p where ${where(f)} order by p.date desc, p.id desc limit ${limit} offset ${offset}`,
  );
  return { total: count?.total ?? 0, rows };
}

export async function findPayment(db: Executor, id: string): Promise<PaymentRow | undefined> {
  const [row] = await queryRows<PaymentRow>(db, sql`select * from (${payments}) p where p.id = ${id}`);
  return row;
}

const claim = (provider: string, key: string) => and(eq(paymentEvents.provider, provider), eq(paymentEvents.externalId, key));

/** The gateway refused the refund: its claim goes, so it may be tried again. */
export async function dropRefundClaim(db: Executor, provider: string, key: string): Promise<void> {
  await db.delete(paymentEvents).where(claim(provider, key));
}

/** The gateway refunded: the claim becomes the refund, with what it was about. */
export async function settleRefundClaim(db: Executor, provider: string, key: string, payload: Record<string, unknown>): Promise<void> {
  await db.update(paymentEvents).set({ kind: 'refund', payload }).where(claim(provider, key));
}
