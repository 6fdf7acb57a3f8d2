/**
 * The whole schema of the product, PostgreSQL dialect, shared by PGlite and PostgreSQL.
 * Column names are snake_case; the API maps them to the wire names of docs/product.md section 3 in presenters.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Millisecond precision, as JavaScript dates have: a value read and written back compares equal.
const createdAt = () => timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** 'normal' | 'seo' (packages/shared PACKAGE_TYPES); kept as text so a new type needs no migration. */
const packageType = () => text('type').notNull();

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    address: text('address').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    role: text('role').notNull().default('ROLE_USER'),
    status: text('status').notNull().default('INACTIVE'),
    /**
     * Two-factor sign-in (docs/decisions/0023-account-security.md): the TOTP secret, sealed with a key
     * derived from the server secret (apps/api/src/lib/secret-box.ts); `totpPendingSecret` is an
     * enrolment not yet confirmed by a code. `totpLastStep` is the last 30-second step whose code was
     * accepted: a code is good once.
     */
    totpSecret: text('totp_secret'),
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * How many activated add-ons the user holds, kept by a trigger on activated_addons (migration
     * 0002): the admin's "Package details" pages walk the holders in username order through the
     * partial index below instead of probing every user.
     */
    addonCount: integer('addon_count').notNull().default(0),
    /** Billing reminders (a renewal coming, a package expiring) by e-mail; receipts and notices always go. */
    billingReminders: boolean('billing_reminders').notNull().default(true),
    /**
     * When the account was closed for good (status CLOSED, docs/decisions/0035-closing-an-account.md):
     * its e-mail, username and personal details were replaced by a pseudonym in that transaction.
     */
    closedAt: ts('closed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * One bit per character of a small alphabet found in the lower-cased username or email, set by a
     * trigger on every insert or change of either (migration 0023, function user_search_mask): the
     * admin's one-character searches test a bit instead of running ILIKE over every customer
     * (apps/api/src/lib/user-search.ts). Whatever a writer puts here, the trigger replaces.
     */
    searchMask: bigint('search_mask', { mode: 'number' }).notNull().default(0),
    /**
     * The package types the user holds a subscription of, kept by a trigger on subscriptions
     * (migration 0028): the admin's "no subscription" filter reads the partial indexes below.
     */
    subscribedTypes: text('subscribed_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    // Emails are unique ignoring case; usernames are unique after stripping everything but letters, digits, underscores and spaces (done before insert).
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    index('users_status_idx').on(t.status),
    index('users_role_idx').on(t.role),
    // New customers per week (admin dashboard).
    index('users_created_idx')
      .on(t.createdAt)
      .where(sql`${t.role} = 'ROLE_USER'`),
    // The admin lists walk users in username order: with every column they filter on or return in
    // the index, a deep page is an index-only scan (docs/performance.md).
    index('users_listing_idx').on(sql`lower(${t.username})`, t.id, t.username, t.email, t.status, t.role, t.searchMask),
    // Customers' ids and statuses alone: counts and joins of the admin lists read this, not the table.
    index('users_customer_id_idx')
      .on(t.id, t.status)
      .where(sql`${t.role} = 'ROLE_USER'`),
    // Holders of activated add-ons in username order, index-only (admin "Package details"), with
    // the mask a one-character search counts them by (migration 0026).
    index('users_addon_holders_idx')
      .on(sql`lower(${t.username})`, t.id, t.username, t.email, t.searchMask)
      .where(sql`${t.addonCount} > 0`),
    // Customers without a subscription of one type, in username order (the admin lists' filter).
    index('users_without_normal_idx')
      .on(sql`lower(${t.username})`, t.id, t.username, t.email, t.status, t.searchMask)
      .where(sql`${t.role} = 'ROLE_USER' AND NOT ('normal' = ANY (${t.subscribedTypes}))`),
    index('users_without_seo_idx')
      .on(sql`lower(${t.username})`, t.id, t.username, t.email, t.status, t.searchMask)
      .where(sql`${t.role} = 'ROLE_USER' AND NOT ('seo' = ANY (${t.subscribedTypes}))`),
    // A one-character admin search counts its matches by an index-only walk of the customers' masks.
    index('users_search_mask_idx')
      .on(t.searchMask)
      .where(sql`${t.role} = 'ROLE_USER'`),
    // The admin searches match anywhere in the text (ILIKE '%...%'): trigram indexes (pg_trgm).
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_full_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
  ],
);

export const packages = pgTable(
  'packages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    description: text('description').notNull().default(''),
    type: packageType(),
    hitsPerDay: integer('hits_per_day').notNull(),
    slots: integer('slots').notNull(),
    /** Soft delete: subscriptions and orders keep pointing at a retired package. */
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // Prices are positive (a 0 is a free package). A retired item may keep an older 0: migration
    // 0003 adds this check NOT VALID, so a database holding one still migrates and can delete it.
    check('packages_price_positive', sql`${t.price} > 0 or ${t.deletedAt} is not null`),
    check('packages_hits_nonneg', sql`${t.hitsPerDay} >= 0`),
    check('packages_slots_nonneg', sql`${t.slots} >= 0`),
  ],
);

/** Extra hits and extra slots ("additional-hits" / "additional-slots"); `kind` tells which. */
export const addonPackages = pgTable(
  'addon_packages',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(), // 'hits' | 'slots'
    name: text('name').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    count: integer('count').notNull(),
    type: packageType(),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
  },
  (t) => [
    check('addon_kind_valid', sql`${t.kind} in ('hits', 'slots')`),
    check('addon_price_positive', sql`${t.price} > 0 or ${t.deletedAt} is not null`),
    check('addon_count_nonneg', sql`${t.count} >= 0`),
  ],
);

/** One subscription per user per package type (docs/product.md section 10). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: packageType(),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id),
    startedAt: ts('started_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /** The order that last granted or extended it (for revocation on charge-back). */
    orderId: uuid('order_id'),
    /** The paid end the last billing reminder was sent for (one reminder per period). */
    remindedFor: ts('reminded_for'),
    /**
     * While a failed renewal's grace period runs, `expires_at` is moved to the grace's end and this
     * keeps the paid end, from which a late successful renewal counts its month.
     */
    paidUntil: ts('paid_until'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * The holder's status when the holder is a customer, null for an administrator, kept by triggers
     * on subscriptions and users (migration 0031): the admin lists count a subscription filter's
     * matches from the index below alone. Whatever a writer puts here, the trigger replaces.
     */
    customerStatus: text('customer_status'),
  },
  (t) => [
    uniqueIndex('subscriptions_user_type_uq').on(t.userId, t.type),
    index('subscriptions_expires_idx').on(t.expiresAt),
    // The admin users list's subscription filters (active, expired, none, package) by type, index-only.
    index('subscriptions_type_cover_idx').on(t.type, t.packageId, t.expiresAt, t.userId),
    // Their totals, without a text search: customers' subscriptions by type, status, package and end.
    index('subscriptions_customer_cover_idx')
      .on(t.type, t.customerStatus, t.packageId, t.expiresAt)
      .where(sql`${t.customerStatus} IS NOT NULL`),
  ],
);

/**
 * A checkout (card or PayPal) or an admin grant. The price is copied from the catalogue when the
 * order is created; only a verified payment moves it to 'paid', and it grants exactly once.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // 'package' | 'hits' | 'slots'
    itemId: text('item_id').notNull(),
    itemName: text('item_name').notNull(),
    packageType: text('package_type').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    provider: text('provider').notNull(), // 'payhere' | 'paypal' | 'grant'
    /** PayPal order id, for matching captures and webhooks. */
    providerOrderId: text('provider_order_id'),
    /**
     * The gateway's recurring subscription for a package billed monthly (PayHere subscription_id).
     * Set only once the gateway's own API has shown that this subscription pays this order, never
     * from a callback field alone: cancelling it must never touch another merchant customer's plan.
     */
    gatewaySubscriptionId: text('gateway_subscription_id'),
    /** 'active' | 'cancelling' | 'cancelled' | 'completed': where the gateway's recurring billing stands. */
    gatewaySubscriptionStatus: text('gateway_subscription_status'),
    /**
     * When the gateway's record of this order's charges was last read: a PayHere notify, a PayPal
     * capture or subscription confirmation waits out a cool-down after it.
     */
    chargesReadAt: ts('charges_read_at'),
    status: text('status').notNull().default('pending'), // pending | paid | failed | cancelled | revoked
    paidAt: ts('paid_at'),
    /** Set once, in the same transaction that applies the grant: the guard against granting twice. */
    grantedAt: ts('granted_at'),
    revokedAt: ts('revoked_at'),
    /**
     * What granting changed, so a charge-back or refund can undo exactly that: for a package the
     * subscription's previous package and end date; for an add-on the activation's id.
     */
    grantEffect: jsonb('grant_effect'),
    /** The admin who granted it, for provider 'grant' (recorded as a purchase of amount 0). */
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why a paid order was revoked: 'refund' (an admin's, or the gateway's) or 'chargeback'. */
    revokedReason: text('revoked_reason'),
    /** When its automatic renewal was first stopped (cancel, a change of package, a refund, deactivation): churn per month. */
    renewalStoppedAt: ts('renewal_stopped_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt),
    // Revenue per day and month (admin dashboard): paid and revoked orders by date.
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} is not null`),
    index('orders_revoked_idx')
      .on(t.revokedAt)
      .where(sql`${t.revokedAt} is not null`),
    // Renewals stopped per day (the dashboard's churn; migration 0037).
    index('orders_renewal_stopped_idx')
      .on(t.renewalStoppedAt)
      .where(sql`${t.renewalStoppedAt} is not null`),
    // Checkouts never paid are deleted after UNPAID_ORDER_RETENTION_DAYS.
    index('orders_unpaid_idx')
      .on(t.createdAt)
      .where(sql`${t.paidAt} is null`),
    uniqueIndex('orders_provider_order_uq').on(t.provider, t.providerOrderId),
    check('orders_kind_valid', sql`${t.kind} in ('package', 'hits', 'slots')`),
    check('orders_amount_nonneg', sql`${t.amount} >= 0`),
  ],
);

/**
 * The PayPal billing plan that bills one package at one price. A price change makes a new plan the
 * next buyer subscribes to; a subscriber keeps the plan (and price) they approved until they change.
 */
export const paypalPlans = pgTable(
  'paypal_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    packageId: text('package_id')
      .notNull()
      .references(() => packages.id),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    productId: text('product_id').notNull(),
    planId: text('plan_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('paypal_plans_package_price_uq').on(t.packageId, t.price, t.currency)],
);

/** Every verified gateway event, recorded once: (provider, external_id) makes handling idempotent. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    /** PayHere payment_id (plus status), PayPal event id or capture id. */
    externalId: text('external_id').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(), // 'payment' | 'renewal' | 'chargeback' | 'refund' | 'denied' | ...
    amount: numeric('amount', { precision: 12, scale: 2 }),
    currency: text('currency'),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_events_external_uq').on(t.provider, t.externalId),
    // Renewals and refunds per day and month (admin dashboard), read from the index alone: a day
    // holds thousands of renewals, each on its own heap page (migration 0037).
    index('payment_events_kind_idx').on(t.kind, t.createdAt, t.provider, t.amount, t.externalId),
    // An order's events: its ledger, and the cascade when an unpaid order is deleted.
    index('payment_events_order_idx').on(t.orderId),
    // Events that move no money (a pending or failed card notify, a PayPal webhook's delivery record)
    // are deleted after PAYMENT_EVENT_RETENTION_DAYS.
    index('payment_events_transient_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} in ('pending', 'failed') or ${t.kind} like 'webhook:%'`),
  ],
);

export const activatedAddons = pgTable(
  'activated_addons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addonId: text('addon_id')
      .notNull()
      .references(() => addonPackages.id),
    kind: text('kind').notNull(), // 'hits' | 'slots'
    type: packageType(),
    /** Snapshot of the add-on at activation, so a later catalogue edit does not change what was bought. */
    name: text('name').notNull(),
    count: integer('count').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    activatedAt: ts('activated_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('activated_addons_user_idx').on(t.userId, t.type, t.expiresAt), uniqueIndex('activated_addons_order_uq').on(t.orderId)],
);

export const websites = pgTable(
  'websites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: packageType(),
    url: text('url').notNull(),
    title: text('title'),
    searchEngine: text('search_engine'),
    dailyHitLimit: integer('daily_hit_limit').notNull(),
    trafficSource: text('traffic_source').notNull(),
    trafficSourceType: text('traffic_source_type').notNull().default(''),
    bounceRateReduction: boolean('bounce_rate_reduction').notNull().default(true),
    geolocationType: text('geolocation_type').notNull().default('All Countries'),
    status: text('status').notNull().default('ACTIVE'),
    /** Paused by the expiry/capacity job rather than the customer: a renewal resumes only these. */
    pausedBySystem: boolean('paused_by_system').notNull().default(false),
    /** The campaign id at 9Hits, once created there. */
    ninehitsKey: text('ninehits_key'),
    /** 'pending' until 9Hits reflects the latest change; the sync job retries until 'synced'. */
    syncState: text('sync_state').notNull().default('pending'),
    /** The campaign's `systemState` as 9Hits last answered it (its own moderation, e.g. 'approved'); null until read. */
    ninehitsState: text('ninehits_state'),
    /** When that state was last read: the approval scan asks about the least recently checked first. */
    ninehitsCheckedAt: ts('ninehits_checked_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('websites_user_type_idx').on(t.userId, t.type),
    index('websites_created_idx').on(t.createdAt),
    // The delivery collection matches each page of 9Hits campaigns to websites by campaign id.
    index('websites_ninehits_key_idx').on(t.ninehitsKey),
    // The approval scan reads only campaigns 9Hits has not approved (few), least recently checked first.
    index('websites_unapproved_idx')
      .on(t.ninehitsCheckedAt)
      .where(sql`${t.ninehitsKey} is not null and ${t.ninehitsState} is distinct from 'approved'`),
    check('websites_limit_positive', sql`${t.dailyHitLimit} > 0`),
  ],
);

/**
 * The number of websites, in shards (one per writing backend: its process id modulo 1024) that
 * triggers on websites adjust once per statement (migration 0032): the admin's total sums these
 * rows instead of counting every website, and no two customers' writes wait on one counter row.
 */
export const websiteCountShards = pgTable('website_count_shards', {
  shard: smallint('shard').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull(),
});

/**
 * Hits 9Hits delivered to a website on a day (UTC), one row per website per closed day: the sum of
 * the differences of the campaign's confirmed total between collections
 * (apps/api/src/modules/delivery-history/). The day still being counted is on the website's
 * delivery_counters row until a later day closes it; readers add it. The primary key serves a
 * customer's last 90 days; a deleted website takes its rows with it.
 */
export const websiteHitsDaily = pgTable(
  'website_hits_daily',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    hits: integer('hits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.day] }), check('website_hits_daily_hits', sql`${t.hits} >= 0`)],
);

/**
 * A website's delivered hits per calendar month (UTC), for the months older than the daily history
 * keeps (DELIVERY_HISTORY_MONTHS): the clean-up moves whole months of website_hits_daily here.
 */
export const websiteHitsMonthly = pgTable(
  'website_hits_monthly',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    hits: bigint('hits', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.month] }), check('website_hits_monthly_hits', sql`${t.hits} >= 0`)],
);

/**
 * The confirmed total last read for a website's campaign: the next reading's difference starts here.
 * It also holds the day still being counted (its hits so far), which website_hits_daily gets as one
 * row once the day is closed (migration 0035; fillfactor 50 there, for updates in place).
 */
export const deliveryCounters = pgTable(
  'delivery_counters',
  {
    websiteId: integer('website_id')
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** The campaign that total belongs to: a re-created campaign starts counting from zero. */
    campaignId: text('campaign_id').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    readAt: ts('read_at').notNull(),
    /** The open UTC day: its hits are here, not yet in website_hits_daily. Null when none is open. */
    day: date('day', { mode: 'string' }),
    dayHits: integer('day_hits').notNull().default(0),
  },
  (t) => [check('delivery_counters_day_hits', sql`${t.dayHits} >= 0`)],
);

/**
 * Hits delivered per day and package type across all customers (the admin dashboard), kept by the
 * same statement that counts each reading; unlike the websites' rows it outlives deleted websites.
 */
export const deliveryDailyTotals = pgTable(
  'delivery_daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: packageType(),
    hits: bigint('hits', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.type] })],
);

/**
 * The admin dashboard's money and churn per closed UTC day. A day's figures never change once it
 * is over (payments, renewals, refunds and stopped renewals are dated when they happen), so each
 * day is summed once, on the first dashboard call that needs it; the last two days are always live.
 */
export const businessDays = pgTable('business_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  payhere: numeric('payhere', { precision: 14, scale: 2 }).notNull(),
  paypal: numeric('paypal', { precision: 14, scale: 2 }).notNull(),
  refunds: numeric('refunds', { precision: 14, scale: 2 }).notNull(),
  renewals: integer('renewals').notNull(),
  cancellations: integer('cancellations').notNull(),
  computedAt: ts('computed_at').notNull().defaultNow(),
});

/** The 9Hits account's points balance, read once per collection (last reading of the day wins): the spend rate. */
export const ninehitsPointsDaily = pgTable('ninehits_points_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  points: bigint('points', { mode: 'number' }).notNull(),
  readAt: ts('read_at').notNull(),
});

export const websiteLocations = pgTable(
  'website_locations',
  {
    websiteId: integer('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** ISO 3166-1 alpha-2 code (the 9Hits geo code); the name comes from packages/shared. */
    countryCode: text('country_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.countryCode] })],
);

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Stored as given; the API URL-encodes on the way out (docs/product.md section 3). */
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt), index('notifications_created_idx').on(t.createdAt)],
);

/** A copy of an account's data (docs/decisions/0036-data-export.md), downloadable by its owner until `expiresAt`. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'building' | 'ready' | 'failed' */
    status: text('status').notNull().default('building'),
    /** Parts written of `total` while a job builds it. */
    progress: integer('progress').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** The JSON file, once ready. */
    content: text('content'),
    size: integer('size'),
    createdAt: createdAt(),
    readyAt: ts('ready_at'),
    expiresAt: ts('expires_at').notNull(),
    downloads: integer('downloads').notNull().default(0),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt),
    index('data_exports_expires_idx').on(t.expiresAt),
    check('data_exports_status_valid', sql`${t.status} in ('building', 'ready', 'failed')`),
  ],
);

export const supportRequests = pgTable(
  'support_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    username: text('username').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_requests_created_idx').on(t.createdAt)],
);

/**
 * Session tokens ended by sign-out before they expire (decision 0015): the session check refuses a
 * token whose id is here. Only that token ends; the account's other sessions go on. A row is useless
 * once its token would have expired anyway, and sign-out deletes such rows.
 */
/**
 * One row per sign-in (docs/decisions/0023-account-security.md): the token's `jti` is the row's id, and
 * the session check on every call reads it in the same query as the account. Signing out sets
 * `endedAt`; rows stay a while after they end or expire so the account's page can tell a new device.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** "Chrome on Linux": what the account's page shows and what "a new device" compares. */
    device: text('device').notNull().default(''),
    /** Wrong passwords or codes given behind this session: it ends after a few (session-checks.ts). */
    wrongAnswers: integer('wrong_answers').notNull().default(0),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId, t.createdAt),
    // The retention clean-up finds ended and expired sessions through these.
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_ended_idx')
      .on(t.endedAt)
      .where(sql`${t.endedAt} is not null`),
  ],
);

/**
 * Personal access tokens (docs/decisions/0037-personal-access-tokens.md): a customer's scripts call
 * the Customer API with one. Only the token's SHA-256 is kept (`tokenHash`, what every token call
 * looks up) and its last four characters to tell tokens apart. Revoking sets `revokedAt`, so a
 * script gets "revoked" rather than "not valid"; the rows go with the account.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'read' | 'write' (packages/shared TOKEN_SCOPES). */
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
    /** Written at most once a minute by the token check. */
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_idx').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId, t.createdAt),
    check('access_tokens_scope_check', sql`${t.scope} in ('read', 'write')`),
  ],
);

/** Ten one-time recovery codes per account with two-factor sign-in, stored as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_uq').on(t.userId, t.codeHash)],
);

/**
 * The audit log: every admin action and security event, written in the transaction of the change it
 * records. Append-only: triggers (migration 0020) refuse every UPDATE, DELETE and TRUNCATE, and no code
 * has any of those paths. No foreign keys: the record outlives the accounts it names, so names are
 * copied in. `subjectUserId` is the account a security event concerns (its owner sees it); newest
 * first is `id desc`. Partitioned by month of `at` (UTC) in migration 0020, which drizzle cannot
 * express: one partition per month plus a DEFAULT one, so the primary key is (id, at)
 * (docs/decisions/0027-audit-log-partitions.md).
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    at: ts('at').notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    subjectUserId: integer('subject_user_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    device: text('device'),
    /**
     * How many times this event happened: 1, or for an account's repeated self-service event the
     * repeats of one window that were counted in `audit_repeats` and written as this one record.
     */
    repeats: integer('repeats').notNull().default(1),
  },
  (t) => [
    primaryKey({ name: 'audit_events_pkey', columns: [t.id, t.at] }),
    index('audit_events_actor_idx').on(t.actorId, t.id),
    index('audit_events_action_idx').on(t.action, t.id),
    index('audit_events_subject_idx').on(t.subjectUserId, t.id),
    index('audit_events_at_idx').on(t.at),
    // The admin's customer page: the events that target one user, newest first.
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.id),
    index('audit_events_actor_email_trgm').using('gin', sql`lower(${t.actorEmail}) gin_trgm_ops`),
    index('audit_events_target_trgm').using(
      'gin',
      sql`lower(coalesce(${t.targetId}, '') || ' ' || coalesce(${t.targetLabel}, '')) gin_trgm_ops`,
    ),
  ],
);

/**
 * The window of an account's repeated self-service event (docs/decisions/0024-accountable-admins.md):
 * the first in a window is written to `audit_events`; the repeats after it are only counted here,
 * with the latest one's details, and written as one record with `repeats` when the window ends. One
 * row per account and action; not an audit record, so it may be updated and deleted.
 */
export const auditRepeats = pgTable(
  'audit_repeats',
  {
    subjectUserId: integer('subject_user_id').notNull(),
    action: text('action').notNull(),
    windowStart: ts('window_start').notNull(),
    repeats: integer('repeats').notNull().default(0),
    lastAt: ts('last_at').notNull(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    targetType: text('target_type'),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    device: text('device'),
  },
  (t) => [primaryKey({ columns: [t.subjectUserId, t.action] }), index('audit_repeats_window_idx').on(t.windowStart)],
);

/** Password-reset codes, stored hashed (docs/product.md section 10, "Accounts"). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
    /** SHA-256 of the single-use reset token handed out when the code was verified. */
    tokenHash: text('token_hash'),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt), index('password_resets_created_idx').on(t.createdAt)],
);

/**
 * Failed sign-ins, counted per login name and client address (shared by every server process).
 * `login_key` is `user:<id>` for an account, so its email and username share one count, and
 * `name:<lower-cased login>` for a name with no account: unknown names are counted like known ones.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loginKey: text('login_key').notNull(),
    address: text('address').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_key_address_idx').on(t.loginKey, t.address, t.createdAt),
    index('login_failures_address_idx').on(t.address, t.createdAt),
    index('login_failures_created_idx').on(t.createdAt),
  ],
);

/** Outgoing mail. Without SMTP it stays here as the outbox (and /sandbox/mail lists it). */
export const emails = pgTable(
  'emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML part, sent beside the text (billing e-mails); null for text-only mail. */
    html: text('html'),
    status: text('status').notNull().default('queued'), // queued | sent | outbox | failed
    sentAt: ts('sent_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('emails_created_idx').on(t.createdAt)],
);

/**
 * The job queue (a transactional outbox): rows are written in the same transaction as the change
 * that needs them and drained by workers with FOR UPDATE SKIP LOCKED, so several servers can run
 * them at once and nothing is lost if a process dies.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** Collapses repeated requests for the same work (e.g. one pending sync per website). */
    dedupeKey: text('dedupe_key'),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(20),
    lockedUntil: ts('locked_until'),
    /** The token of the claim holding the lease: renewing, finishing or giving the job back names it. */
    lockedBy: uuid('locked_by'),
    lastError: text('last_error'),
    doneAt: ts('done_at'),
    failedAt: ts('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The claim's order (migration 0029): a backlog is read in order, never sorted.
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    uniqueIndex('jobs_dedupe_uq')
      .on(t.dedupeKey)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    // The admin's list of jobs that gave up, newest first: done jobs pile up, so neither its count
    // nor its page may read the whole table.
    index('jobs_failed_idx')
      .on(t.failedAt, t.id)
      .where(sql`${t.failedAt} is not null`),
    // Finished jobs are deleted after JOB_RETENTION_DAYS, oldest first (migration 0015 also adds the
    // trigger that announces jobs_due after each statement inserting a job; migration 0038: only
    // when it inserted one).
    index('jobs_done_idx')
      .on(t.doneAt)
      .where(sql`${t.doneAt} is not null`),
  ],
);

/** Periodic work claims its slot here so that, with several servers, each run happens once. */
export const schedulerLocks = pgTable('scheduler_locks', {
  name: text('name').primaryKey(),
  lastRunAt: ts('last_run_at'),
  lockedUntil: ts('locked_until'),
});

/**
 * Background work that runs once per installation and resumes after a restart (the 9Hits campaign
 * title rename): its progress, and when it finished. One row per task.
 */
export const oneTimeTasks = pgTable('one_time_tasks', {
  name: text('name').primaryKey(),
  progress: jsonb('progress').notNull().default({}),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});

// The embedded sandboxes' tables (sandbox mode only) live beside this file.
export * from './sandbox-schema.ts';
