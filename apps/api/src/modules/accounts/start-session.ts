import { randomUUID } from 'node:crypto';
import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { SESSION_TTL_MS } from '../../core/auth-user.ts';
import { audit, userTarget, type AuditSource } from '../audit/index.ts';
import { queueEmail } from '../mail/index.ts';
import { forgetOldSessions, insertSession, knownDevice } from './sessions.repository.ts';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Opens a session for an account that has proved who it is, in the caller's transaction: the row
 * the token names, the `sign_in` audit record, and, when the account has signed in before but never
 * from this device on this network (lib/device.ts), an e-mail telling its owner. Answers the session id (the token's `jti`).
 * `how` says what was proved beyond the password ('code', 'recovery code'); a registration's first
 * session is not a sign-in and records nothing. `id` is the session's id: a two-factor challenge's
 * own, so that the challenge opens one session only.
 */
export async function startSession(
  ctx: AppContext,
  tx: Executor,
  user: { id: number; email: string; username: string },
  source: AuditSource,
  how: 'password' | 'code' | 'recovery code' | 'registration',
  id: string = randomUUID(),
): Promise<string> {
  const now = ctx.now();
  const seen = await knownDevice(tx, user.id, source.device, source.ip);
  // The hourly clean-up forgets everyone's (modules/retention/); this keeps the account's own list short at once.
  await forgetOldSessions(tx, user.id, new Date(now.getTime() - ctx.config.retention.sessionsDays * DAY_MS));
  await insertSession(tx, {
    id,
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    ip: source.ip,
    userAgent: source.userAgent,
    device: source.device,
  });
  if (how === 'registration') return id;
  await audit(tx, { ...source, actor: { id: user.id, email: user.email } }, now, {
    action: 'sign_in',
    target: userTarget(user),
    subjectUserId: user.id,
    after: { with: how, session: id },
  });
  if (seen.any && !seen.known) {
    await queueEmail(tx, {
      to: user.email,
      subject: 'New sign-in to your account',
      text: [
        `Hello ${user.username},`,
        '',
        `Your account was just signed in to from a device or network it has not used before: ${source.device}, address ${source.ip}, at ${now.toUTCString()}.`,
        '',
        'If this was you, there is nothing to do.',
        'If it was not, change your password now and choose "Sign out everywhere else" on Account security, then turn on two-factor sign-in.',
      ].join('\n'),
    });
  }
  return id;
}
