import { MSG } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { audit, type AuditSource } from '../audit/index.ts';
import { notifyAllCustomers, notifyUsers } from './admin.repository.ts';

/**
 * POST admin/notify/{audience}: to every customer, or to the selected ones, each in a single
 * INSERT ... SELECT (never one statement per user). Text is stored as given; it is rendered as
 * text, never as HTML. The audit record (audience, title, how many received it) commits with them.
 */
export async function sendNotification(
  ctx: AppContext,
  audience: 'all' | 'selected',
  title: string,
  body: string,
  userIds: number[],
  source: AuditSource,
): Promise<{ sent: number }> {
  const now = ctx.now();
  if (audience === 'selected' && userIds.length === 0) throw new AppError('VALIDATION', MSG.selectParticipants);
  const sent = await ctx.db.transaction(async (tx) => {
    const count =
      audience === 'selected' ? await notifyUsers(tx, userIds, title, body, now) : await notifyAllCustomers(tx, title, body, now);
    if (audience === 'selected' && count === 0) throw new AppError('NOT_FOUND', 'None of the selected users exists.');
    await audit(tx, source, now, {
      action: 'notification_sent',
      target: { type: 'notification', id: audience, label: title },
      after: { audience, title, recipients: count },
    });
    return count;
  });
  return { sent };
}
