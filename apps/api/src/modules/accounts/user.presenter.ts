import { PACKAGE_TYPES, computeCapacity, type PackageType, type User } from '@traffic/shared';
import type { UserViewRow } from './user-view.repository.ts';
import { presentPackage } from '../catalogue/index.ts';
import { presentWebsite, presentActivation } from '../shapes/index.ts';

const iso = (value: string) => new Date(value).toISOString();

/** The user object of docs/product.md section 10, "Wire details", with the per-type statistics. */
export function presentUser(row: UserViewRow, now: Date): User {
  const subscriptionOf = (type: PackageType) => row.subscriptions.find((s) => s.type === type) ?? null;
  const stats = Object.fromEntries(
    PACKAGE_TYPES.map((type) => {
      const sub = subscriptionOf(type);
      return [
        type,
        computeCapacity({
          subscription: sub ? { hitsPerDay: sub.package.hitsPerDay, slots: sub.package.slots, expiresAt: new Date(sub.expiresAt) } : null,
          addons: row.addons
            .filter((a) => a.type === type)
            .map((a) => ({ kind: a.kind, count: a.count, expiresAt: new Date(a.expiresAt) })),
          websites: row.websites.filter((w) => w.type === type).map((w) => ({ dailyHitLimit: w.dailyHitLimit })),
          now,
        }),
      ];
    }),
  ) as User['stats'];

  const normal = subscriptionOf('normal');
  const seo = subscriptionOf('seo');
  type AddonRow = UserViewRow['addons'][number];
  const ofKind =
    <K extends AddonRow['kind']>(kind: K) =>
    (a: AddonRow): a is AddonRow & { kind: K } =>
      a.kind === kind;

  return {
    id: row.id,
    email: row.email,
    username: row.username,
    fullName: `${row.first_name}/${row.last_name}`,
    address: row.address,
    phoneNumber: row.phone_number,
    city: row.city,
    country: row.country,
    role: row.role,
    status: row.status,
    // docs/product.md section 3: title and body travel URL-encoded.
    notifications: row.notifications.map((n) => ({
      title: encodeURIComponent(n.title),
      body: encodeURIComponent(n.body),
      date: iso(n.date),
    })),
    websites: row.websites.map((w) => presentWebsite({ ...w, ownerEmail: row.email, ownerUsername: row.username })),
    activatedadditionalhits: row.addons.filter(ofKind('hits')).map((a) => presentActivation({ ...a, expiresAt: new Date(a.expiresAt) })),
    activatedadditionalslots: row.addons.filter(ofKind('slots')).map((a) => presentActivation({ ...a, expiresAt: new Date(a.expiresAt) })),
    package: normal ? presentPackage(normal.package) : null,
    subscription_expiry_date: normal ? iso(normal.expiresAt) : null,
    seo_package: seo ? presentPackage(seo.package) : null,
    seo_subscription_expiry_date: seo ? iso(seo.expiresAt) : null,
    stats,
  };
}
