import { CLOSE_ACCOUNT_CONSEQUENCES } from '@traffic/shared';
import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { audit, type AuditSource } from '../audit/index.ts';
import { queueEmail } from '../mail/index.ts';
import { stopRenewals } from '../payments/index.ts';
import { websiteDeletionJobs, deleteWebsiteWithJob, websitesOfUser } from '../websites/index.ts';
import { endSubscriptionsAndAddons, erasePersonalRows, pseudonymiseUser, pseudonymOf } from './close-account.repository.ts';
import { endSessions, checkBehindSession, reauthenticate, findUserForUpdate, type UserRow } from '../accounts/index.ts';

export const ADMIN_NOT_CLOSED_MESSAGE = "An administrator's account cannot be closed here: another administrator deactivates it.";
const wrongAnswer = () => new AppError('BAD_REQUEST', 'Your password or the code is not right.');

/**
 * Closes an account for good, in the caller's transaction with the account's row locked
 * (docs/decisions/0035-closing-an-account.md). One place for every per-account clean-up: a table that
 * holds something of an account adds its line here.
 *
 * - every session ends (and is then forgotten with its address);
 * - renewals are marked cancelling and cancelled at PayHere and PayPal by jobs retried until the
 *   gateway confirms; subscriptions and add-ons end now, so a renewal that lands later extends nothing;
 * - websites are deleted and their 9Hits campaigns removed by the delete job (stored id and exact title);
 * - name, e-mail, username, address, phone, the two-factor secret and the password are replaced by a
 *   pseudonym or erased; sessions, notifications, support messages, codes, copies of the data and personal access tokens go;
 * - orders and payments stay (accounting), pointing at the pseudonymised row;
 * - the audit log keeps its records; its screens show the pseudonym for this account (audit-log.ts).
 * The closing e-mail goes to the address the account had, queued before it is erased.
 */
export async function closeAccount(
  ctx: AppContext,
  tx: Executor,
  user: UserRow,
  how: { source: AuditSource; byAdmin: boolean },
): Promise<void> {
  if (user.role !== 'ROLE_USER') throw new AppError('FORBIDDEN', ADMIN_NOT_CLOSED_MESSAGE);
  if (user.closedAt) throw new AppError('NOT_FOUND', 'User not found.');
  const now = ctx.now();
  const pseudonym = pseudonymOf(user.id);

  await queueEmail(tx, {
    to: user.email,
    subject: 'Your account has been closed',
    text: [
      `Hello ${user.username},`,
      '',
      `Your account was closed ${how.byAdmin ? 'by an administrator, at your request' : 'at your request'} on ${now.toUTCString()}. This is what it means:`,
      '',
      ...CLOSE_ACCOUNT_CONSEQUENCES.map((line) => `- ${line}`),
      '',
      `Support: ${ctx.config.mail.supportEmail}. This is the last e-mail we send to this address about this account.`,
    ].join('\n'),
  });
  await audit(tx, how.source, now, {
    action: how.byAdmin ? 'user_account_closed' : 'account_closed',
    target: { type: 'user', id: user.id, label: pseudonym.email },
    subjectUserId: user.id,
  });

  await endSessions(tx, user.id, now);
  await stopRenewals(tx, { userId: user.id });
  await endSubscriptionsAndAddons(tx, user.id, now);
  for (const website of await websitesOfUser(tx, user.id)) await deleteWebsiteWithJob(tx, website.id, websiteDeletionJobs);
  await erasePersonalRows(tx, user);
  await pseudonymiseUser(tx, user.id, now);
}

/** A deadlock with a payment callback that locked an order first: the closing runs again. */
const deadlocked = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '40P01' || e?.cause?.code === '40P01';
};
async function retryingDeadlocks<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!deadlocked(error) || attempt >= 3) throw error;
    }
  }
}

/** The password, and the second factor (an app code or a recovery code) when it is on: what re-authenticates the one who closes. */
const reauthenticated = async (ctx: AppContext, tx: Executor, user: UserRow, input: { password: string; code?: string | undefined }) =>
  (await reauthenticate(ctx, tx, user, input, {
    missingCode: () => new AppError('BAD_REQUEST', 'Enter the 6-digit code from your authenticator app, or a recovery code'),
    recoveryCodes: true,
  })) === 'ok';

/**
 * Closes an account behind the caller's session: `refuse` may stop at once, the caller then
 * re-authenticates with their password (and code), and `target` names the account to close. A wrong
 * answer counts against the session; a deadlock with a payment callback runs it all again.
 */
async function closeBehindSession(
  ctx: AppContext,
  caller: AuthUser,
  input: { password: string; code?: string | undefined },
  source: AuditSource,
  how: { byAdmin: boolean; refuse?: (callerRow: UserRow) => void; target: (tx: Executor, callerRow: UserRow) => Promise<UserRow> },
): Promise<void> {
  await retryingDeadlocks(() =>
    checkBehindSession(
      ctx,
      caller,
      source,
      async (tx, callerRow) => {
        how.refuse?.(callerRow);
        if (!(await reauthenticated(ctx, tx, callerRow, input))) return null;
        await closeAccount(ctx, tx, await how.target(tx, callerRow), { source, byAdmin: how.byAdmin });
        return true;
      },
      wrongAnswer,
    ),
  );
  ctx.jobs.kick();
}

/** POST account/close: the owner closes their own account with their password (and code). */
export async function closeOwnAccount(
  ctx: AppContext,
  caller: AuthUser,
  input: { password: string; code?: string | undefined },
  source: AuditSource,
): Promise<void> {
  await closeBehindSession(ctx, caller, input, source, {
    byAdmin: false,
    refuse: (user) => {
      if (user.role !== 'ROLE_USER') throw new AppError('FORBIDDEN', ADMIN_NOT_CLOSED_MESSAGE);
    },
    target: async (_tx, user) => user,
  });
}

/**
 * POST admin/customers/:id/close: an administrator closes a customer's account on the customer's
 * request, confirming with their own password (and code). Never an administrator's account.
 */
export async function closeCustomerAccount(
  ctx: AppContext,
  admin: AuthUser,
  customerId: number,
  input: { password: string; code?: string | undefined },
  source: AuditSource,
): Promise<void> {
  await closeBehindSession(ctx, admin, input, source, {
    byAdmin: true,
    target: async (tx) => {
      const target = await findUserForUpdate(tx, customerId);
      if (!target || target.closedAt) throw new AppError('NOT_FOUND', 'User not found.');
      if (target.id === admin.id || target.role !== 'ROLE_USER') throw new AppError('FORBIDDEN', ADMIN_NOT_CLOSED_MESSAGE);
      return target;
    },
  });
}
