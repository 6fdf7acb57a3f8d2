import { z } from 'zod';
import './plain-words.ts';
import { AUDIT_ACTIONS } from '../audit-actions.ts';
import { PASSWORD_MAX_LENGTH, passwordField, sessionSchema } from './accounts.schema.ts';

/**
 * Account security: two-factor sign-in (TOTP), the account's sessions, its security events and
 * the admin's audit log (docs/decisions/0023-account-security.md).
 */

/** A 6-digit code from the authenticator app, or one of the ten recovery codes (`xxxxx-xxxxx`). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[a-z2-7]{5}-?[a-z2-7]{5}$/i;
const codeMessage = 'Enter the 6-digit code from your authenticator app, or a recovery code';
export const twoFactorCodeField = z
  .string({ error: codeMessage })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, codeMessage)
      .max(11, codeMessage)
      .refine((v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), codeMessage),
  );
/** Where only the app's code will do (enrolment, turning it off, new recovery codes). */
const appCodeMessage = 'Enter the 6-digit code from your authenticator app';
export const appCodeField = z
  .string({ error: appCodeMessage })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(TOTP_CODE_PATTERN, appCodeMessage));
export const currentPasswordField = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(PASSWORD_MAX_LENGTH);

/** POST users/login answers this instead of a session when the account has two-factor sign-in on. */
export const twoFactorChallengeSchema = z
  .object({
    twoFactorRequired: z.literal(true),
    /** Names the half-finished sign-in for 5 minutes; only with the code does it become a session. */
    challenge: z.string(),
  })
  .meta({ id: 'TwoFactorChallenge' });
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
export const loginAnswerSchema = z.union([sessionSchema, twoFactorChallengeSchema]).meta({ id: 'LoginAnswer' });

export const twoFactorLoginBodySchema = z
  .object({ challenge: z.string({ error: 'Sign in again' }).min(1, 'Sign in again').max(2000), code: twoFactorCodeField })
  .meta({ id: 'TwoFactorLoginBody' });

export const sessionRowSchema = z.object({
  id: z.string(),
  /** "Chrome on Linux", from the user agent. */
  device: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this call came with. */
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof sessionRowSchema>;

/** GET account/security: the caller's two-factor state and open sessions, newest first. */
export const accountSecuritySchema = z
  .object({
    twoFactor: z.object({
      enabled: z.boolean(),
      /** This account may not use admin screens until it turns two-factor sign-in on. */
      required: z.boolean(),
      recoveryCodesLeft: z.number(),
    }),
    sessions: z.array(sessionRowSchema),
  })
  .meta({ id: 'AccountSecurity' });
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** POST account/two-factor/setup: a new secret to confirm with a code (nothing is on until then). */
export const twoFactorSetupSchema = z
  .object({
    /** Base32, for typing into the app by hand. */
    secret: z.string(),
    otpauthUrl: z.string(),
    /** The otpauth URL as a QR code, an SVG data URL. */
    qrCode: z.string(),
  })
  .meta({ id: 'TwoFactorSetup' });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const appCodeBodySchema = z.object({ code: appCodeField }).meta({ id: 'AppCodeBody' });
/** Turning it on asks the password too: a stolen session alone cannot put the thief's second factor on the account. */
export const enableTwoFactorBodySchema = z
  .object({ password: currentPasswordField, code: appCodeField })
  .meta({ id: 'EnableTwoFactorBody' });
export const disableTwoFactorBodySchema = z
  .object({ password: currentPasswordField, code: appCodeField })
  .meta({ id: 'DisableTwoFactorBody' });
/** Ten one-time recovery codes, shown this once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) }).meta({ id: 'RecoveryCodes' });

export const changePasswordBodySchema = z
  .object({ currentPassword: currentPasswordField, password: passwordField })
  .meta({ id: 'ChangePasswordBody' });

export const sessionIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown session' }) });
export const endedSessionsSchema = z.object({ ended: z.number() }).meta({ id: 'EndedSessions' });

/** One entry of the audit log. `before`/`after` hold the fields the action changed. */
export const auditEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.number().nullable(),
  actorEmail: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  targetLabel: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  device: z.string().nullable(),
  /** How many times it happened: more than 1 when an account's repeats within a few minutes were written as one record. */
  repeats: z.number().int().min(1).optional(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** A calendar day the database and the browser both take: YYYY-MM-DD, years 1970 to 9998. */
const dateOnly = z
  .string()
  .regex(/^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}$/, 'Dates are YYYY-MM-DD, from 1970')
  .refine((v) => {
    const at = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v && at.getUTCFullYear() <= 9998;
  }, 'Dates are YYYY-MM-DD, from 1970');

/** GET admin/audit: newest first, filtered and paged in the database. */
export const auditQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(0).max(1_000_000).default(0),
  size: z.coerce.number({ error: 'size must be a number' }).int().min(1).max(100).default(25),
  /** The actor's email, or part of it. */
  actor: z.string().trim().max(254).default(''),
  action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
  /** The target's id or label (an email, a URL, a package id), or part of it. */
  target: z.string().trim().max(254).default(''),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  /** Only events about or by this customer (their id): the admin's customer page. */
  userId: z.coerce
    .number({ error: 'userId must be a number' })
    .int('userId must be a whole number')
    .positive()
    .max(2_147_483_647)
    .optional(),
});
export const auditPageSchema = z
  .object({
    /** Rows matching the filters, counted up to `AUDIT_COUNT_CAP` (then `totalCapped`). */
    total: z.number(),
    totalCapped: z.boolean(),
    rows: z.array(auditEventSchema),
  })
  .meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** GET account/events: the caller's own security events, newest first. */
export const accountEventsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(0).max(100_000).default(0),
});
export const accountEventsSchema = z
  .object({ total: z.number(), rows: z.array(auditEventSchema.omit({ actorId: true, before: true, after: true })) })
  .meta({ id: 'AccountEvents' });
export type AccountEvents = z.infer<typeof accountEventsSchema>;
