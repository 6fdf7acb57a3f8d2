import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { schema, type Db } from '@traffic/db';

const { sandboxPayherePayments: payments, sandboxPayhereSubscriptions: subscriptions } = schema;
export type SandboxPayment = typeof payments.$inferSelect;
export type SandboxSubscription = typeof subscriptions.$inferSelect;

/** PayHere's ids are 12-digit numbers: payments start 3200..., subscriptions 4200.... */
const newId = (prefix: string) => Number(prefix + String(randomInt(0, 100_000_000)).padStart(8, '0'));

/** PayHere reports times as "YYYY-MM-DD HH:mm:ss" in Sri Lanka time (UTC+05:30, no daylight saving). */
export function payhereDate(at: Date): string {
  return new Date(at.getTime() + 5.5 * 60 * 60 * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** One calendar month on, the day kept or clamped to the month's last (31 January → 28 or 29 February), in UTC. */
function monthLater(at: Date): Date {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(at.getTime());
  next.setUTCFullYear(year, month, Math.min(at.getUTCDate(), lastDay));
  return next;
}

/** The embedded PayHere's record of what it charged and which subscriptions it runs. */
export class PayhereSandboxStore {
  constructor(private readonly db: Db) {}

  async charge(p: {
    orderId: string;
    subscriptionId: number | null;
    description: string;
    amount: string;
    currency: string;
    at: Date;
  }): Promise<SandboxPayment> {
    for (;;) {
      const [row] = await this.db
        .insert(payments)
        .values({ paymentId: newId('3200'), status: 'RECEIVED', chargedAt: p.at, ...p })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
    }
  }

  async subscribe(s: Omit<SandboxSubscription, 'id' | 'status' | 'createdAt'> & { at: Date }): Promise<SandboxSubscription> {
    const { at, ...values } = s;
    for (;;) {
      const [row] = await this.db
        .insert(subscriptions)
        .values({ ...values, id: newId('4200'), status: 'ACTIVE', createdAt: at })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
    }
  }

  paymentsOfOrder(orderId: string): Promise<SandboxPayment[]> {
    return this.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.chargedAt), asc(payments.paymentId));
  }

  paymentsOfSubscription(id: number): Promise<SandboxPayment[]> {
    return this.db.select().from(payments).where(eq(payments.subscriptionId, id)).orderBy(asc(payments.chargedAt), asc(payments.paymentId));
  }

  async payment(id: number): Promise<SandboxPayment | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.paymentId, id));
    return row;
  }

  async subscription(id: number): Promise<SandboxSubscription | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row;
  }

  subscriptions(): Promise<SandboxSubscription[]> {
    return this.db.select().from(subscriptions).orderBy(asc(subscriptions.createdAt));
  }

  /** Moves a subscription from one of the `from` statuses to `to`; false when it was in none of them. */
  async setSubscriptionStatus(id: number, from: string[], to: string): Promise<boolean> {
    const rows = await this.db
      .update(subscriptions)
      .set({ status: to })
      .where(and(eq(subscriptions.id, id), inArray(subscriptions.status, from)))
      .returning({ id: subscriptions.id });
    return rows.length > 0;
  }

  async setPaymentStatus(id: number, from: string, to: string): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ status: to })
      .where(and(eq(payments.paymentId, id), eq(payments.status, from)))
      .returning({ id: payments.paymentId });
    return rows.length > 0;
  }

  /** The next charge date PayHere announces: one billing period after the latest charge. */
  async nextChargeDate(subscription: SandboxSubscription): Promise<Date> {
    const charges = await this.paymentsOfSubscription(subscription.id);
    const last = charges.at(-1)?.chargedAt ?? subscription.createdAt;
    return monthLater(last);
  }
}

/** A payment as PayHere's retrieval and Subscription Manager APIs present it. */
export function presentPayment(p: SandboxPayment) {
  const amount = Number(p.amount);
  return {
    payment_id: p.paymentId,
    order_id: p.orderId,
    date: payhereDate(p.chargedAt),
    description: p.description,
    status: p.status,
    currency: p.currency,
    amount,
    amount_detail: {
      currency: p.currency,
      gross: amount,
      fee: 0,
      net: amount,
      exchange_rate: 1,
      exchange_from: p.currency,
      exchange_to: p.currency,
    },
    payment_method: { method: 'TEST', card_customer_name: 'Sandbox Card', card_no: '************4242' },
    items: null,
  };
}

export function presentSubscription(s: SandboxSubscription) {
  return {
    subscription_id: s.id,
    order_id: s.orderId,
    date: payhereDate(s.createdAt),
    description: s.description,
    status: s.status,
    currency: s.currency,
    amount: Number(s.amount),
    recurring: s.recurrence,
    duration: s.duration,
  };
}
