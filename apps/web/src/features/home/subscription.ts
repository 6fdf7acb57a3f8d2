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
