import { z } from 'zod';
import './plain-words.ts';
import { MESSAGE_LIMITS, PACKAGE_TYPES, USER_STATUSES } from '../constants.ts';
import { MSG } from '../messages.ts';
import { EMAIL_PATTERN } from './accounts.schema.ts';
import { websiteSchema } from './accounts.schema.ts';
import { billingTypeSchema } from './billing.schema.ts';

export const countSchema = z.object({ count: z.number() });

export const expiringUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  status: z.string(),
  type: z.string(),
  package_name: z.string(),
  subscription_expiry_date: z.string(),
  /** Why it ends: nothing renews it (a grant or a one-time payment), its renewal was cancelled, or the last renewal failed. */
  state: z.enum(['not-renewing', 'cancelled', 'past-due']),
});
export const expiringUsersSchema = z.array(expiringUserSchema);
export const latestWebsitesSchema = z.array(websiteSchema);

/** GET admin/all-users/{type}: paging, search and the dropdown filters run in the database. */
export const allUsersQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(0).max(1_000_000).default(0),
  size: z.coerce.number({ error: 'size must be a number' }).int().min(1).max(1000).default(5),
  search: z.string().trim().max(200).default(''),
  status: z.enum(USER_STATUSES).optional(),
  subscription: z.enum(['active', 'expired', 'none']).optional(),
  package: z.string().trim().max(120).optional(),
});
export const typeParamsSchema = z.object({ type: z.enum(PACKAGE_TYPES, { error: 'type must be normal or seo' }) });

export const adminUserRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  status: z.string(),
  package_id: z.string().nullable(),
  package_name: z.string().nullable(),
  subscription_expiry_date: z.string().nullable(),
  /** Whether the customer signs in with a second factor (an admin can turn it off for them). */
  two_factor: z.boolean(),
  websites: z.array(
    z.object({ id: z.number(), url: z.string(), status: z.string(), type: z.string(), ninehits_state: z.string().nullable() }),
  ),
});
export const allUsersPageSchema = z.object({ total: z.number(), rows: z.array(adminUserRowSchema) }).meta({ id: 'AdminUsersPage' });
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export type AllUsersPage = z.infer<typeof allUsersPageSchema>;

/** GET admin/customers/{id}: a customer's id (an integer column: larger ids are refused, not looked up). */
export const customerParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The customer id must be a number' })
    .int('The customer id must be a whole number')
    .positive()
    .max(2_147_483_647),
});

/**
 * GET admin/customers/{id}: one customer in one place (the admin's customer page): who they are and
 * their status, per package type the subscription with its state and gateway, the add-ons still
 * running, the websites with 9Hits' state and their delivery, and the sessions still open. Payments
 * and audit events come from their own paged endpoints, filtered to the customer.
 */
export const customerOverviewSchema = z
  .object({
    user: z.object({
      id: z.number(),
      username: z.string(),
      email: z.string(),
      fullName: z.string(),
      phoneNumber: z.string(),
      address: z.string(),
      city: z.string(),
      country: z.string(),
      role: z.string(),
      status: z.enum(USER_STATUSES),
      createdAt: z.string(),
      twoFactor: z.boolean(),
    }),
    subscriptions: z.array(billingTypeSchema),
    addons: z.array(
      z.object({
        id: z.number(),
        kind: z.enum(['hits', 'slots']),
        type: z.enum(PACKAGE_TYPES),
        name: z.string(),
        count: z.number(),
        expiresAt: z.string(),
      }),
    ),
    websites: z.array(
      z.object({
        id: z.number(),
        url: z.string(),
        type: z.enum(PACKAGE_TYPES),
        status: z.string(),
        dailyHitLimit: z.number(),
        /** 9Hits' own moderation state of the campaign as last read; null until read. */
        ninehitsState: z.string().nullable(),
        /** Paused by the expiry or capacity job rather than by the customer. */
        pausedBySystem: z.boolean(),
        /** Hits delivered on the last collected day and over the last 30 days (UTC days). */
        deliveredLastDay: z.number(),
        lastDay: z.string().nullable(),
        delivered30Days: z.number(),
      }),
    ),
    sessions: z.array(z.object({ id: z.string(), device: z.string(), ip: z.string(), createdAt: z.string(), lastSeenAt: z.string() })),
  })
  .meta({ id: 'CustomerOverview' });
export type CustomerOverview = z.infer<typeof customerOverviewSchema>;

/** POST admin/search-users (form-encoded): `filters` is JSON with the general search text. */
export const searchUsersBodySchema = z.object({
  filters: z
    .string()
    .max(2000)
    .transform((raw, ctx) => {
      try {
        const value = JSON.parse(raw) as unknown;
        const parsed = z
          .object({ search: z.string().max(200).optional(), general: z.string().max(200).optional(), text: z.string().max(200).optional() })
          .loose()
          .safeParse(value);
        if (parsed.success) return (parsed.data.search ?? parsed.data.general ?? parsed.data.text ?? '').trim();
      } catch {
        // fall through to the issue below
      }
      ctx.addIssue({ code: 'custom', message: 'filters must be a JSON object with the search text' });
      return z.NEVER;
    }),
});
export const userSearchResultSchema = z.array(z.object({ id: z.number(), username: z.string(), fullName: z.string() }));

/** POST admin/notify/{audience}: form fields title, body and, for `selected`, userIds as a JSON list. */
export const notifyParamsSchema = z.object({ audience: z.enum(['all', 'selected'], { error: 'audience must be all or selected' }) });
export const notifyBodySchema = z.object({
  title: z
    .string({ error: MSG.titleRequired })
    .trim()
    .min(1, MSG.titleRequired)
    .max(MESSAGE_LIMITS.notificationTitle, `Title must be at most ${MESSAGE_LIMITS.notificationTitle} characters`),
  body: z
    .string({ error: MSG.descriptionRequired })
    .trim()
    .min(1, MSG.descriptionRequired)
    .max(MESSAGE_LIMITS.notificationDescription, `Description must be at most ${MESSAGE_LIMITS.notificationDescription} characters`),
  userIds: z
    .string()
    .max(200_000)
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined || raw === '') return [] as number[];
      try {
        const ids = z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(10_000).parse(JSON.parse(raw));
        return [...new Set(ids)];
      } catch {
        ctx.addIssue({ code: 'custom', message: 'userIds must be a JSON list of user ids' });
        return z.NEVER;
      }
    }),
});
export const notifyResultSchema = z.object({ sent: z.number() });

/** POST support. */
export const supportBodySchema = z
  .object({
    email: z.string({ error: MSG.fillAllFields }).trim().max(254).regex(EMAIL_PATTERN, MSG.invalidEmail),
    username: z.string().trim().max(100).optional(),
    msg: z
      .string({ error: MSG.fillAllFields })
      .trim()
      .min(1, MSG.fillAllFields)
      .max(MESSAGE_LIMITS.support, `Message must be at most ${MESSAGE_LIMITS.support.toLocaleString('en-US')} characters`),
  })
  .meta({ id: 'SupportBody' });
