import { z } from 'zod';
import './plain-words.ts';
import { HISTORY_MONTH_RANGES, HISTORY_RANGES, PACKAGE_TYPES, type HistoryMonthRange, type HistoryRange } from '../constants.ts';

export const historyQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be 7, 30 or 90' })
    .refine((d): d is HistoryRange => (HISTORY_RANGES as readonly number[]).includes(d), 'days must be 7, 30 or 90')
    .default(30),
});

export const monthHistoryQuerySchema = z.object({
  months: z.coerce
    .number({ error: 'months must be 12 or 24' })
    .refine((m): m is HistoryMonthRange => (HISTORY_MONTH_RANGES as readonly number[]).includes(m), 'months must be 12 or 24')
    .default(24),
});

/** One UTC day (`YYYY-MM-DD`) and the hits 9Hits delivered on it. */
export const dayHitsSchema = z.object({ day: z.string(), hits: z.number() });
export type DayHits = z.infer<typeof dayHitsSchema>;

/**
 * GET /api/website/:id/history: every day of the range from the day the website was added, oldest
 * first, today last (so far), zero where nothing was delivered; `updatedAt` is when 9Hits was last read for it (null: not yet).
 */
export const websiteHistorySchema = z
  .object({
    websiteId: z.number(),
    url: z.string(),
    dailyHitLimit: z.number(),
    days: z.array(dayHitsSchema),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'WebsiteHistory' });
export type WebsiteHistory = z.infer<typeof websiteHistorySchema>;

/**
 * GET /api/website/:id/history/months: every calendar month (UTC, `YYYY-MM`) of the range from the
 * one the website was added in, oldest first, this month so far last, zero where nothing was delivered. Months older than the daily
 * history keeps come from their monthly totals; the others are summed from their days.
 */
export const websiteMonthsSchema = z
  .object({
    websiteId: z.number(),
    url: z.string(),
    dailyHitLimit: z.number(),
    months: z.array(z.object({ month: z.string(), hits: z.number() })),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'WebsiteMonths' });
export type WebsiteMonths = z.infer<typeof websiteMonthsSchema>;

/** GET /api/delivery/:type/months: the customer's websites of a type, each with its hits per month of `months`. */
export const typeMonthsSchema = z
  .object({
    type: z.enum(PACKAGE_TYPES),
    months: z.array(z.string()),
    websites: z.array(z.object({ id: z.number(), url: z.string(), dailyHitLimit: z.number(), hits: z.array(z.number()) })),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'TypeMonths' });
export type TypeMonths = z.infer<typeof typeMonthsSchema>;

export const deliveryTypeParamsSchema = z.object({
  type: z.enum(PACKAGE_TYPES, { error: 'type must be normal or seo' }),
});

/** GET /api/delivery/:type: the customer's websites of a type, each with its hits per day of `days` (from the day the first was added). */
export const typeHistorySchema = z
  .object({
    type: z.enum(PACKAGE_TYPES),
    days: z.array(z.string()),
    websites: z.array(z.object({ id: z.number(), url: z.string(), dailyHitLimit: z.number(), hits: z.array(z.number()) })),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'TypeHistory' });
export type TypeHistory = z.infer<typeof typeHistorySchema>;

const money = z.number();

/** GET /api/admin/business: the picture of the business, every series oldest first (UTC days, weeks from Monday, months). */
export const businessStatsSchema = z
  .object({
    currency: z.string(),
    /** Per day of the last 90: charges by gateway, refunds and charge-backs (by the day they happened), net. */
    revenueDays: z.array(z.object({ day: z.string(), payhere: money, paypal: money, refunds: money, net: money })),
    /** The same per month of the last 12. */
    revenueMonths: z.array(z.object({ month: z.string(), payhere: money, paypal: money, refunds: money, net: money })),
    /** Running subscriptions now, per package. */
    subscriptions: z.array(z.object({ type: z.enum(PACKAGE_TYPES), packageId: z.string(), packageName: z.string(), active: z.number() })),
    /** Customers who registered, per week (Monday) of the last 12. */
    newCustomers: z.array(z.object({ week: z.string(), customers: z.number() })),
    /** Per month of the last 12: renewals charged, and automatic renewals stopped (churn). */
    churn: z.array(z.object({ month: z.string(), renewals: z.number(), cancellations: z.number() })),
    /** Hits delivered per day of the last 90, across all customers, per package type. */
    hitsDays: z.array(z.object({ day: z.string(), normal: z.number(), seo: z.number() })),
    /** The 9Hits account's points as last read, the average spent per day (last 7 days) and the days that leaves. */
    points: z.object({
      balance: z.number().nullable(),
      readAt: z.string().nullable(),
      spendPerDay: z.number().nullable(),
      daysLeft: z.number().nullable(),
      days: z.array(z.object({ day: z.string(), points: z.number() })),
    }),
  })
  .meta({ id: 'BusinessStats' });
export type BusinessStats = z.infer<typeof businessStatsSchema>;
