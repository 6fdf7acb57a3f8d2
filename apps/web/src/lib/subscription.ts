import { isSubscriptionActive } from '@traffic/shared/capacity';
import type { PackageType } from '@traffic/shared/constants';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import type { User } from '@traffic/shared/schemas/accounts.schema';

export interface Subscription {
  package: Package;
  endsAt: Date | null;
  active: boolean;
}

/** The user's subscription of one type: the wire names the non-normal fields with a `seo_` prefix. */
export function subscriptionOf(user: User, type: PackageType, now = new Date()): Subscription | null {
  const pkg = type === 'normal' ? user.package : user.seo_package;
  const end = type === 'normal' ? user.subscription_expiry_date : user.seo_subscription_expiry_date;
  if (!pkg) return null;
  const endsAt = end ? new Date(end) : null;
  // docs/product.md section 4: expired when the end date is not in the future.
  return { package: pkg, endsAt, active: isSubscriptionActive(endsAt, now) };
}

/**
 * Where a customer stands with one package type, the one thing a screen says about it:
 * - none: never had a package of this type (not "expired");
 * - expired: had one, it ended on `endsAt`;
 * - active: running until `endsAt`.
 */
export type TypeState = { kind: 'none' } | { kind: 'expired'; subscription: Subscription } | { kind: 'active'; subscription: Subscription };

export function typeStateOf(user: User, type: PackageType, now = new Date()): TypeState {
  const subscription = subscriptionOf(user, type, now);
  if (!subscription) return { kind: 'none' };
  return subscription.active ? { kind: 'active', subscription } : { kind: 'expired', subscription };
}

export interface ActiveAddon {
  id: number;
  kind: 'hits' | 'slots';
  name: string;
  count: number;
  expiresAt: Date;
}

/** The extra hits and slots of one type still running, soonest ending first. */
export function activeAddonsOf(user: User, type: PackageType, now = new Date()): ActiveAddon[] {
  const hits = user.activatedadditionalhits.map((a) => ({ id: a.id, kind: 'hits' as const, ...a.additional_hit, end: a.expiry_date }));
  const slots = user.activatedadditionalslots.map((a) => ({ id: a.id, kind: 'slots' as const, ...a.additional_slot, end: a.expiry_date }));
  return [...hits, ...slots]
    .map(({ end, ...addon }) => ({ ...addon, expiresAt: new Date(end) }))
    .filter((addon) => addon.type === type && addon.expiresAt > now)
    .map(({ id, kind, name, count, expiresAt }) => ({ id, kind, name, count, expiresAt }))
    .sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());
}

/** Dates as the customer screens say them ("20 December 2026" in the reader's locale). */
export const longDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
