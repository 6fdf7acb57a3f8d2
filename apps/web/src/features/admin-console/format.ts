const DAY_MS = 86_400_000;
const count = new Intl.NumberFormat('en-US');
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export const formatCount = (value: number) => count.format(value);

/** A date as people read it, in their own locale; '—' when there is none. */
export function formatDate(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** Whole days from `now` until `iso` (0 on the last day, negative once past). */
export function daysUntil(iso: string, now = new Date()): number {
  return Math.floor((new Date(iso).getTime() - now.getTime()) / DAY_MS);
}

export function describeDaysLeft(days: number): string {
  if (days < 0) return 'Ended';
  if (days === 0) return 'Ends today';
  return days === 1 ? '1 day left' : `${days} days left`;
}
