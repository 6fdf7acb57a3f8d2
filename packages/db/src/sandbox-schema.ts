/**
 * The embedded sandboxes' own state (sandbox mode only): what the stand-ins for PayPal, 9Hits and
 * PayHere remember between calls. It lives in the product's database so that a fresh install needs
 * nothing else; the product's own code never reads these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const sandboxPaypalOrders = pgTable('sandbox_paypal_orders', {
  id: text('id').primaryKey(),
  status: text('status').notNull(), // CREATED | APPROVED | COMPLETED
  body: jsonb('body').notNull(),
  requestId: text('request_id'),
  captureId: text('capture_id'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The PayPal sandbox's catalogue: products and billing plans (`kind`), as PayPal's API shows them. */
export const sandboxPaypalPlans = pgTable('sandbox_paypal_plans', {
  id: text('id').primaryKey(),
  kind: text('kind').notNull(), // product | plan
  body: jsonb('body').notNull(),
  requestId: text('request_id'),
  createdAt: createdAt(),
});

/** The PayPal sandbox's subscriptions; `body` holds the subscription and its transactions. */
export const sandboxPaypalSubscriptions = pgTable('sandbox_paypal_subscriptions', {
  id: text('id').primaryKey(),
  status: text('status').notNull(), // APPROVAL_PENDING | ACTIVE | SUSPENDED | CANCELLED | EXPIRED
  body: jsonb('body').notNull(),
  requestId: text('request_id'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sandboxNinehitsCampaigns = pgTable(
  'sandbox_ninehits_campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity({ startWith: 400000 }),
    body: jsonb('body').notNull(),
    userState: text('user_state').notNull().default('running'),
    /** Hits accrued up to `accruedAt`; more accrue while running, in proportion to the hourly limit. */
    confirmedHits: bigint('confirmed_hits', { mode: 'number' }).notNull().default(0),
    accruedAt: ts('accrued_at').notNull().defaultNow(),
    /** The panel's moderation as set by the sandbox's control route; null: pending, then approved after a short while. */
    systemState: text('system_state'),
    createdAt: createdAt(),
    /** What siteGet's text filter searches, lowered, kept apart from the body (migration 0034). */
    titleSearch: text('title_search').generatedAlwaysAs(sql`lower(body->>'title')`),
    urlsSearch: text('urls_search').generatedAlwaysAs(sql`lower(body->>'urls')`),
  },
  (t) => [
    // siteGet pages oldest first; its text filter matches anywhere in the title or the URLs (trigrams,
    // updated on each insert: fastupdate off), so an account of 300,000 campaigns answers as the real
    // panel does, in milliseconds.
    index('sandbox_ninehits_campaigns_created_idx').on(t.createdAt, t.id),
    index('sandbox_ninehits_campaigns_title_trgm_idx')
      .using('gin', sql`${t.titleSearch} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('sandbox_ninehits_campaigns_urls_trgm_idx')
      .using('gin', sql`${t.urlsSearch} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

/**
 * How many campaigns the sandbox's account has (its slots used), kept by triggers on
 * sandbox_ninehits_campaigns (migration 0036): one row, moved by every statement that adds or removes
 * campaigns, so siteAdd and profileGet never count 300,000 rows.
 */
export const sandboxNinehitsCampaignCount = pgTable(
  'sandbox_ninehits_campaign_count',
  {
    id: boolean('id').primaryKey().default(true),
    campaigns: bigint('campaigns', { mode: 'number' }).notNull(),
    // A new number with every statement adding or removing campaigns (migration 0039).
    changes: bigint('changes', { mode: 'number' })
      .notNull()
      .default(sql`nextval('sandbox_ninehits_campaign_changes')`),
  },
  (t) => [check('sandbox_ninehits_campaign_count_one_row', sql`${t.id}`)],
);

/** The embedded PayHere's own record of what it charged, read back through its merchant API. */
export const sandboxPayherePayments = pgTable(
  'sandbox_payhere_payments',
  {
    paymentId: bigint('payment_id', { mode: 'number' }).primaryKey(),
    orderId: text('order_id').notNull(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull(),
    /** RECEIVED | REFUNDED | CHARGEBACKED */
    status: text('status').notNull(),
    chargedAt: ts('charged_at').notNull(),
  },
  (t) => [
    index('sandbox_payhere_payments_order_idx').on(t.orderId),
    index('sandbox_payhere_payments_subscription_idx').on(t.subscriptionId),
  ],
);

export const sandboxPayhereSubscriptions = pgTable('sandbox_payhere_subscriptions', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  orderId: text('order_id').notNull(),
  description: text('description').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  currency: text('currency').notNull(),
  recurrence: text('recurrence').notNull(),
  duration: text('duration').notNull(),
  /** ACTIVE | CANCELLED | COMPLETED */
  status: text('status').notNull(),
  notifyUrl: text('notify_url').notNull(),
  createdAt: createdAt(),
});
