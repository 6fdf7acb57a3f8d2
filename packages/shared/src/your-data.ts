import { REFUND_WINDOW_DAYS } from './constants.ts';

/** Years the orders and payments of a closed account are kept for accounting (docs/product.md section 11). */
export const ACCOUNTING_RETENTION_YEARS = 7;

/**
 * What closing an account does, in plain words: the confirmation on Account security and on the
 * admin's customer page, and the closing e-mail, say exactly this.
 */
export const CLOSE_ACCOUNT_CONSEQUENCES = [
  'Subscriptions that renew stop renewing now: we cancel them at PayHere and PayPal, and you are not charged again.',
  'Your websites stop, and their campaigns are deleted at 9Hits.',
  `A payment made within the last ${REFUND_WINDOW_DAYS} days can still be refunded: write to support.`,
  `For accounting we keep your orders and payments (what was bought, amounts, dates and the gateway's reference) for ${ACCOUNTING_RETENTION_YEARS} years, under a pseudonym instead of your name and e-mail. The security log keeps its records under the pseudonym too.`,
  'Everything else is erased: your name, e-mail, username, address, phone, sessions with their addresses, notifications and support messages. Your e-mail address and username become free again.',
  'You are signed out everywhere, and nobody can sign in to this account again. This cannot be undone.',
] as const;
