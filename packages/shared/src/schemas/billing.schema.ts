import { z } from 'zod';
import './plain-words.ts';
import { PACKAGE_TYPES } from '../constants.ts';

/** POST /api/payments/paypal/subscriptions: the package the buyer subscribes to (never a price). */
export const paypalSubscriptionBodySchema = z
  .object({ id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(120) })
  .meta({ id: 'PaypalSubscriptionBody' });

export const BILLING_GATEWAYS = ['card', 'paypal', 'grant'] as const;
export type BillingGateway = (typeof BILLING_GATEWAYS)[number];

/**
 * Where a package type's billing stands: renewing (the gateway charges again on `expiresAt`),
 * past-due (the last renewal failed), cancelled (the renewal was stopped; the package ends on
 * `expiresAt`), not-renewing (a grant or a one-time payment ends then), expired, or none.
 */
export const BILLING_STATES = ['renewing', 'past-due', 'cancelled', 'not-renewing', 'expired', 'none'] as const;
export type BillingState = (typeof BILLING_STATES)[number];

export const billingTypeSchema = z.object({
  type: z.enum(PACKAGE_TYPES),
  state: z.enum(BILLING_STATES),
  packageId: z.string().nullable(),
  packageName: z.string().nullable(),
  /** When the paid period ends (ISO); null without a package. */
  expiresAt: z.string().nullable(),
  gateway: z.enum(BILLING_GATEWAYS).nullable(),
  /** What the next automatic renewal charges (the order's amount, as a decimal string), while it renews; else null. */
  nextCharge: z.object({ amount: z.string(), currency: z.string() }).nullable(),
  /** Whether the customer may stop the automatic renewal now. */
  canCancel: z.boolean(),
});
export type BillingType = z.infer<typeof billingTypeSchema>;

export const billingOverviewSchema = z.object({ types: z.array(billingTypeSchema) }).meta({ id: 'BillingOverview' });
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

export const billingTypeParamsSchema = z.object({
  type: z.enum(PACKAGE_TYPES, { error: 'type must be normal or seo' }),
});

/**
 * What buying another package of a type would do to the customer's websites (GET
 * /api/billing/change/:id): the capacity after the change and the websites it would pause, newest
 * first, by the same rule the change applies when it is paid (docs/decisions/0009).
 */
export const packageChangeSchema = z
  .object({
    packageId: z.string(),
    packageName: z.string(),
    type: z.enum(PACKAGE_TYPES),
    /** Hits per day and slots after the change: the new package plus the running add-ons. */
    totalHits: z.number(),
    totalSlots: z.number(),
    /** What the websites switched on use now. */
    activeHits: z.number(),
    activeWebsites: z.number(),
    pausing: z.array(z.object({ id: z.number(), url: z.string(), dailyHitLimit: z.number() })),
  })
  .meta({ id: 'PackageChange' });
export type PackageChange = z.infer<typeof packageChangeSchema>;

export const HISTORY_KINDS = ['payment', 'renewal', 'grant', 'refund', 'chargeback'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export const billingHistoryRowSchema = z.object({
  /** The receipt's id for a payment or renewal; the row's own id otherwise. */
  id: z.string(),
  kind: z.enum(HISTORY_KINDS),
  date: z.string(),
  item: z.string(),
  /** Positive for a charge, negative for money given back. */
  amount: z.string(),
  currency: z.string(),
  gateway: z.enum(BILLING_GATEWAYS),
  status: z.enum(['paid', 'refunded', 'charged back', 'granted', 'revoked']),
  /** Whether a PDF receipt can be downloaded for this row. */
  hasReceipt: z.boolean(),
});
export type BillingHistoryRow = z.infer<typeof billingHistoryRowSchema>;

export const billingHistoryQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(0).max(100_000).default(0),
  size: z.coerce.number({ error: 'size must be a number' }).int().min(1).max(100).default(10),
});

export const billingHistorySchema = z.object({ total: z.number(), rows: z.array(billingHistoryRowSchema) }).meta({ id: 'BillingHistory' });
export type BillingHistory = z.infer<typeof billingHistorySchema>;

/** A receipt or payment id: `o-<order uuid>` for the payment that bought an order, `r-<n>` for a renewal. */
export const receiptParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .regex(/^(o-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|r-\d{1,15})$/i, 'id is not a receipt id'),
});

/** The receipt itself travels as application/pdf; this documents it in the OpenAPI document. */
export const receiptPdfSchema = z.string().meta({ id: 'ReceiptPdf', description: 'application/pdf' });

/** Where a payment stands in the admin's Payments screen. */
export const PAYMENT_STATUSES = ['paid', 'refunded', 'charged back'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

export const adminPaymentsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(0).max(100_000).default(0),
  size: z.coerce.number({ error: 'size must be a number' }).int().min(1).max(100).default(20),
  gateway: z.preprocess(emptyAsUndefined, z.enum(['card', 'paypal'], { error: 'gateway must be card or paypal' }).optional()),
  status: z.preprocess(emptyAsUndefined, z.enum(PAYMENT_STATUSES, { error: 'status must be paid, refunded or charged back' }).optional()),
  from: z.preprocess(emptyAsUndefined, z.iso.date({ error: 'from must be a date (YYYY-MM-DD)' }).optional()),
  to: z.preprocess(emptyAsUndefined, z.iso.date({ error: 'to must be a date (YYYY-MM-DD)' }).optional()),
  /** An email (or part of one) or an order id. */
  search: z.string().trim().max(200).default(''),
  /** Only this customer's payments (the admin's customer page). */
  userId: z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ error: 'userId must be a number' }).int('userId must be a whole number').positive().max(2_147_483_647).optional(),
  ),
});

export const adminPaymentRowSchema = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'renewal']),
  date: z.string(),
  userId: z.number(),
  email: z.string(),
  item: z.string(),
  amount: z.string(),
  currency: z.string(),
  gateway: z.enum(['card', 'paypal']),
  status: z.enum(PAYMENT_STATUSES),
  orderId: z.string(),
  /** Why Refund is not offered (already refunded, past the window), or null when it is. */
  refundBlocked: z.string().nullable(),
});
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;

export const adminPaymentsSchema = z.object({ total: z.number(), rows: z.array(adminPaymentRowSchema) }).meta({ id: 'AdminPayments' });
export type AdminPayments = z.infer<typeof adminPaymentsSchema>;

export const refundBodySchema = z.object({
  reason: z.string({ error: 'Say why the payment is refunded.' }).trim().min(1, 'Say why the payment is refunded.').max(500),
});

/** GET and PUT /api/billing/reminders: whether billing reminders (renewal coming, package ending) are e-mailed. */
export const billingRemindersSchema = z
  .object({ enabled: z.boolean({ error: 'enabled must be true or false' }) })
  .meta({ id: 'BillingReminders' });
export type BillingReminders = z.infer<typeof billingRemindersSchema>;
