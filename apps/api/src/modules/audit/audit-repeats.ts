import type { Executor } from '@traffic/db';
import type { AuditAction } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import {
  countRepeat,
  deleteRepeatWindow,
  insertAuditEvent,
  lockEndedRepeatWindows,
  lockRepeatWindow,
  openRepeatWindow,
  type AuditRecord,
  type RepeatWindow,
} from './audit.repository.ts';

/**
 * A cap on what one account's own security actions can write to the append-only log
 * (docs/decisions/0024-accountable-admins.md). The first of an account's self-service events in a
 * window is written as usual; the repeats of the same action in the window are only counted (in
 * `audit_repeats`, with the latest one's address and device), and written as one record with
 * `repeats` when the window is over: by the account's next such event, or by the periodic flush.
 * So one account writes at most two records per action per window, however fast it calls.
 */
export const REPEAT_WINDOW_MS = 5 * 60_000;

/** What an account does to itself, signed in: each is capped per window. Sign-ins are not (each opens a session to see). */
export const SELF_SERVICE_ACTIONS: readonly AuditAction[] = [
  'session_ended',
  'other_sessions_ended',
  'security_check_failed',
  'recovery_codes_new',
  'two_factor_on',
  'two_factor_off',
  'password_changed',
];

/** The one record a window's counted repeats become. */
function summaryOf(window: RepeatWindow): AuditRecord {
  return {
    action: window.action as AuditAction,
    actorId: window.actorId,
    actorEmail: window.actorEmail,
    targetType: window.targetType,
    targetId: window.targetId,
    targetLabel: window.targetLabel,
    subjectUserId: window.subjectUserId,
    after: window.after,
    ip: window.ip,
    device: window.device,
    at: window.lastAt,
    repeats: window.repeats,
  };
}

/**
 * Writes an account's self-service event under the cap, in the transaction of its change: the first
 * of a window is inserted (after the last window's summary, if it counted repeats); a repeat inside
 * the window is only counted.
 */
export async function auditCapped(db: Executor, subjectUserId: number, record: AuditRecord): Promise<void> {
  const window = await lockRepeatWindow(db, subjectUserId, record.action);
  if (window && record.at.getTime() < window.windowStart.getTime() + REPEAT_WINDOW_MS) {
    await countRepeat(db, subjectUserId, record);
    return;
  }
  if (window && window.repeats > 0) await insertAuditEvent(db, summaryOf(window));
  await openRepeatWindow(db, subjectUserId, record.action, record.at);
  await insertAuditEvent(db, record);
}

/** Writes the counted repeats of every window that is over, and forgets the windows. */
export async function flushRepeatWindows(ctx: AppContext, now = ctx.now()): Promise<number> {
  let written = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const ended = await lockEndedRepeatWindows(tx, new Date(now.getTime() - REPEAT_WINDOW_MS), 200);
      for (const window of ended) {
        if (window.repeats > 0) {
          await insertAuditEvent(tx, summaryOf(window));
          written += 1;
        }
        await deleteRepeatWindow(tx, window);
      }
      return ended.length;
    });
    if (batch < 200) return written;
  }
}

export function auditRepeatsTask(ctx: AppContext): PeriodicTask {
  return { name: 'audit-repeats-flush', everyMs: 60_000, run: async (_since, now) => void (await flushRepeatWindows(ctx, now)) };
}
