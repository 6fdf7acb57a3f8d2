import { randomUUID } from 'node:crypto';
import {
  ACCESS_TOKEN_LIMIT,
  TOKEN_SCOPE_LABELS,
  type AccessToken,
  type AccessTokenList,
  type CreateAccessTokenBody,
} from '@traffic/shared';
import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { audit, type AuditSource, type AuditTarget } from '../audit/index.ts';
import { queueEmail } from '../mail/index.ts';
import { checkBehindSession, reauthenticate } from '../accounts/index.ts';
import {
  countLiveAccessTokens,
  deleteAccessTokensOf,
  insertAccessToken,
  listAccessTokens,
  revokeAccessTokenRow,
  type AccessTokenRow,
} from './access-tokens.repository.ts';
import { newAccessToken } from './token-secret.ts';

/**
 * Personal access tokens on Account security (docs/decisions/0037-personal-access-tokens.md):
 * created with a name, a scope and an optional expiry, confirmed with the password (and the app's
 * code when two-factor sign-in is on), shown once, listed with their last use, revoked at once. Creating and revoking are
 * audited as the account's security events; creating one also e-mails the owner.
 */

/** Where the customer reads how to call the API with a token (the web app's page). */
export const API_DOCS_PATH = '/api-access';

const DAY_MS = 24 * 3600 * 1000;

export function presentAccessToken(row: AccessTokenRow, now: Date): AccessToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope as AccessToken['scope'],
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedIp: row.lastUsedIp,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
  };
}

const tokenTarget = (row: Pick<AccessTokenRow, 'id' | 'name'>): AuditTarget => ({ type: 'access_token', id: row.id, label: row.name });

/** GET account/tokens. */
export async function accessTokensOf(ctx: AppContext, caller: AuthUser): Promise<AccessTokenList> {
  const now = ctx.now();
  const rows = await listAccessTokens(ctx.db, caller.id);
  return { tokens: rows.map((row) => presentAccessToken(row, now)), limit: ACCESS_TOKEN_LIMIT };
}

const wrongCode = () => new AppError('BAD_REQUEST', 'The code is not right.', { code: 'The code is not right.' });
const wrongPassword = () => new AppError('BAD_REQUEST', 'The password is not right.', { password: 'The password is not right.' });

/** POST account/tokens: answers the token in the clear, this once. */
export async function createAccessToken(
  ctx: AppContext,
  caller: AuthUser,
  input: CreateAccessTokenBody,
  source: AuditSource,
): Promise<{ token: string; accessToken: AccessToken }> {
  const secret = newAccessToken();
  let wrong = wrongCode;
  const created = await checkBehindSession(
    ctx,
    caller,
    source,
    async (tx, user) => {
      if (user.role !== 'ROLE_USER') throw new AppError('FORBIDDEN', 'Access tokens are for customer accounts.');
      if (user.status === 'DEACTIVATED') throw new AppError('FORBIDDEN', 'A deactivated account cannot create access tokens.');
      const now = ctx.now();
      if ((await countLiveAccessTokens(tx, user.id, now)) >= ACCESS_TOKEN_LIMIT)
        throw new AppError('CONFLICT', `An account can have ${ACCESS_TOKEN_LIMIT} access tokens. Revoke one before creating another.`);
      // The password first, then the code: both count against this session when wrong.
      const codeMessage = 'Enter the 6-digit code from your authenticator app';
      const answer = await reauthenticate(ctx, tx, user, input, {
        missingCode: () => new AppError('VALIDATION', codeMessage, { code: codeMessage }),
        recoveryCodes: false,
      });
      if (answer !== 'ok') {
        if (answer === 'wrong password') wrong = wrongPassword;
        return null;
      }
      const name = input.name.trim();
      const row = await insertAccessToken(tx, {
        id: randomUUID(),
        userId: user.id,
        name,
        scope: input.scope,
        tokenHash: secret.hash,
        hint: secret.hint,
        createdAt: now,
        expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
      });
      await audit(tx, source, now, {
        action: 'token_created',
        target: tokenTarget(row),
        subjectUserId: user.id,
        after: { name, scope: row.scope, expiresAt: row.expiresAt?.toISOString() ?? null },
      });
      const expiry = row.expiresAt ? `It expires on ${row.expiresAt.toUTCString()}.` : 'It does not expire.';
      await queueEmail(tx, {
        to: user.email,
        subject: 'A personal access token was created',
        text:
          `Hello ${user.username},\n\nA personal access token "${name}" (${TOKEN_SCOPE_LABELS[input.scope].toLowerCase()}) was created for your account at ${now.toUTCString()} (${source.device}, address ${source.ip}). ${expiry}\n\n` +
          `Scripts that hold it can call the Customer API as you: ${ctx.config.appUrl}${API_DOCS_PATH}\n\n` +
          `If this was not you, revoke it on Account security (${ctx.config.appUrl}/security), change your password and contact support.`,
      });
      return { row, now };
    },
    () => wrong(),
  );
  ctx.jobs.kick();
  return { token: secret.token, accessToken: presentAccessToken(created.row, created.now) };
}

/** DELETE account/tokens/:id: the token stops working at once, on every server (each call reads its row). */
export async function revokeAccessToken(ctx: AppContext, caller: AuthUser, id: string, source: AuditSource): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const row = await revokeAccessTokenRow(tx, caller.id, id, now);
    if (!row) throw new AppError('NOT_FOUND', 'This access token does not exist or is already revoked.');
    await audit(tx, source, now, { action: 'token_revoked', target: tokenTarget(row), subjectUserId: caller.id });
  });
}

/**
 * Deletes every access token of an account, in the transaction that closes it (the account-closing
 * use case calls this; the rows would also go with a deleted user row). Answers how many went.
 */
export async function deleteAccountTokens(tx: Executor, userId: number): Promise<number> {
  return deleteAccessTokensOf(tx, userId);
}
