import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const {
  users,
  sessions,
  notifications,
  supportRequests,
  recoveryCodes,
  passwordResets,
  loginFailures,
  auditRepeats,
  emails,
  dataExports,
  accessTokens,
} = schema;

/**
 * What replaces a closed account's e-mail and username. Neither can be registered (an e-mail needs a
 * dot in its domain, a username has no hyphen), so a pseudonymised row never blocks anyone, and
 * the real e-mail and username are free again at once.
 */
export const pseudonymOf = (userId: number) => ({ username: `closed-account-${userId}`, email: `closed-account-${userId}@closed` });

/** The account's row under its pseudonym: identity, contact details, secrets and address gone. */
export async function pseudonymiseUser(db: Executor, userId: number, now: Date): Promise<void> {
  const pseudonym = pseudonymOf(userId);
  await db
    .update(users)
    .set({
      ...pseudonym,
      // Not a hash of any password: no sign-in can match it.
      passwordHash: '!closed',
      firstName: '',
      lastName: '',
      address: '',
      phoneNumber: '',
      city: '',
      country: '',
      totpSecret: null,
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: null,
      billingReminders: false,
      status: 'CLOSED',
      closedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** The account's subscriptions and add-ons end now (a closed account has none running). */
export async function endSubscriptionsAndAddons(db: Executor, userId: number, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(
    sql`update subscriptions set expires_at = least(expires_at, ${at}::timestamptz), paid_until = null where user_id = ${userId}`,
  );
  await db.execute(sql`update activated_addons set expires_at = least(expires_at, ${at}::timestamptz) where user_id = ${userId}`);
}

/**
 * Everything else personal that the account leaves: its sessions (with their addresses; the caller
 * ends them first), notifications, support messages, recovery and reset codes, copies of its data, its failed sign-ins
 * (keyed by its e-mail or username, with addresses), its uncounted audit repeats (addresses), and the
 * copies of e-mails already sent to it. An e-mail still queued (the closing e-mail) is kept until sent;
 * the clean-up deletes it after its retention like every sent e-mail.
 */
export async function erasePersonalRows(db: Executor, user: { id: number; email: string; username: string }): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, user.id));
  await db.delete(notifications).where(eq(notifications.userId, user.id));
  await db.delete(supportRequests).where(eq(supportRequests.userId, user.id));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
  await db.delete(passwordResets).where(eq(passwordResets.userId, user.id));
  await db.delete(auditRepeats).where(eq(auditRepeats.subjectUserId, user.id));
  await db.delete(dataExports).where(eq(dataExports.userId, user.id));
  // Personal access tokens go with the account (revoked ones too: their last-used addresses are personal).
  await db.delete(accessTokens).where(eq(accessTokens.userId, user.id));
  await db
    .delete(loginFailures)
    .where(inArray(loginFailures.loginKey, [`user:${user.id}`, `reset-request:${user.email.trim().toLowerCase()}`]));
  await db.delete(emails).where(and(sql`lower(${emails.to}) = lower(${user.email})`, ne(emails.status, 'queued')));
}
