import { MSG } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { notifyAllCustomers, notifyUsers } from './admin.repository.ts';

/**
 * POST admin/notify/{audience}: to every customer, or to the selected ones, each in a single
 * INSERT ... SELECT (never one statement per user). Text is stored as given; it is rendered as
 * text, never as HTML.
 */
export async function sendNotification(
  ctx: AppContext,
  audience: 'all' | 'selected',
  title: string,
  body: string,
  userIds: number[],
): Promise<{ sent: number }> {
  const now = ctx.now();
  if (audience === 'selected') {
    if (userIds.length === 0) throw new AppError('VALIDATION', MSG.selectParticipants);
    const sent = await notifyUsers(ctx.db, userIds, title, body, now);
    if (sent === 0) throw new AppError('NOT_FOUND', 'None of the selected users exists.');
    return { sent };
  }
  return { sent: await notifyAllCustomers(ctx.db, title, body, now) };
}
