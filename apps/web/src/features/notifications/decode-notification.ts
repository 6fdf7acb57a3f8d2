import type { User } from '@traffic/shared/schemas/accounts.schema';

export type WireNotification = User['notifications'][number];

export interface DisplayNotification {
  title: string;
  body: string;
  date: Date;
}

/**
 * Title and body travel URL-encoded (docs/product.md section 3). A '+' is read as a space first: form
 * encoders write spaces that way, and encodeURIComponent writes a real '+' as %2B, so both read
 * right. Text that is not valid encoding is shown as it came rather than dropped.
 */
export function decodeText(value: string): string {
  const spaced = value.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Decoded, newest first. */
export function toDisplayNotifications(notifications: readonly WireNotification[]): DisplayNotification[] {
  return notifications
    .map((n) => ({ title: decodeText(n.title), body: decodeText(n.body), date: new Date(n.date) }))
    .sort((a, b) => b.date.getTime() - a.date.getTime());
}
