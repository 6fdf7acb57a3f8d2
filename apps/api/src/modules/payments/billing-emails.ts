import type { Executor } from '@traffic/db';
import type { AppContext } from '../../core/context.ts';
import { queueEmail } from '../mail/index.ts';
import { REMINDER_KINDS, renderEmail, type BillingMessage } from './billing-email-templates.ts';
import { findMailRecipient } from './mail-recipient.repository.ts';

export type { BillingMessage } from './billing-email-templates.ts';

/** "December 25, 2026": how dates read in the billing e-mails. */
export const emailDate = (date: Date) =>
  date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export const GATEWAY_NAMES: Record<string, string> = { payhere: 'your card (PayHere)', paypal: 'PayPal' };

/**
 * Queues one billing e-mail to the customer, in the caller's transaction (so it goes exactly when
 * the change it reports commits). Reminders go only to customers who keep billing reminders on.
 * Returns whether one was queued.
 */
export async function queueBillingEmail(ctx: AppContext, tx: Executor, userId: number, message: BillingMessage): Promise<boolean> {
  const user = await findMailRecipient(tx, userId);
  if (!user) return false;
  if (REMINDER_KINDS.has(message.kind) && !user.reminders) return false;
  const mail = renderEmail(
    message,
    { name: user.firstName || user.username },
    { name: ctx.config.business.name, appUrl: ctx.config.appUrl },
  );
  await queueEmail(tx, { to: user.email, ...mail });
  return true;
}
