import { z } from 'zod';
import './plain-words.ts';
import { appCodeField, currentPasswordField } from './security.schema.ts';
import { websiteSchema } from './websites.schema.ts';

/**
 * Personal access tokens (docs/decisions/0037-personal-access-tokens.md): a customer's scripts call
 * the Customer API with one, in `Authorization: Bearer trf_pat_…`.
 */

/** What every token starts with, so secret scanners (and people) can tell one. */
export const ACCESS_TOKEN_PREFIX = 'trf_pat_';
/** Tokens an account may hold at once (neither revoked nor expired). */
export const ACCESS_TOKEN_LIMIT = 10;
export const ACCESS_TOKEN_NAME_MAX = 60;
/** The expiries offered, in days; `null` is no expiry. */
export const ACCESS_TOKEN_EXPIRY_DAYS = [7, 30, 60, 90, 365] as const;

export const TOKEN_SCOPES = ['read', 'write'] as const;
export const TOKEN_SCOPE_LABELS: Record<(typeof TOKEN_SCOPES)[number], string> = { read: 'Read', write: 'Read and write' };
export const tokenScopeSchema = z.enum(TOKEN_SCOPES, { error: 'Choose the scope: read, or read and write' });

export const accessTokenSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scope: tokenScopeSchema,
    /** The token's last four characters, to tell tokens apart (the token itself is never shown again). */
    hint: z.string(),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    lastUsedIp: z.string().nullable(),
    expired: z.boolean(),
  })
  .meta({ id: 'AccessToken' });
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListSchema = z.object({ tokens: z.array(accessTokenSchema), limit: z.number() }).meta({ id: 'AccessTokenList' });
export type AccessTokenList = z.infer<typeof accessTokenListSchema>;

const expiryMessage = `Choose an expiry of ${ACCESS_TOKEN_EXPIRY_DAYS.join(', ')} days, or none`;
export const createAccessTokenBodySchema = z
  .object({
    name: z
      .string({ error: 'Enter a name for the token' })
      .trim()
      .min(1, 'Enter a name for the token')
      .max(ACCESS_TOKEN_NAME_MAX, `The name can have at most ${ACCESS_TOKEN_NAME_MAX} characters`),
    scope: tokenScopeSchema,
    expiresInDays: z
      .number({ error: expiryMessage })
      .refine((days) => (ACCESS_TOKEN_EXPIRY_DAYS as readonly number[]).includes(days), expiryMessage)
      .nullable(),
    /**
     * The account's password, always: a session someone else holds must not mint a credential that
     * outlives it (signing out everywhere and a password change do not revoke tokens).
     */
    password: currentPasswordField,
    /** The authenticator app's code: asked of an account with two-factor sign-in on. */
    code: appCodeField.optional(),
  })
  .meta({ id: 'CreateAccessTokenBody' });
export type CreateAccessTokenBody = z.input<typeof createAccessTokenBodySchema>;

/** The new token in the clear, shown once, with its row. */
export const createdAccessTokenSchema = z.object({ token: z.string(), accessToken: accessTokenSchema }).meta({ id: 'CreatedAccessToken' });

export const accessTokenIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown token' }) });

/** GET websites: the caller's websites, oldest first. */
export const websiteListSchema = z.object({ websites: z.array(websiteSchema) }).meta({ id: 'WebsiteList' });
