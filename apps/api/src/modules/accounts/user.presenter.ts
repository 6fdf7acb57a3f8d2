import { PACKAGE_TYPES, computeCapacity, countryNameByCode, type PackageType, type User, type Website } from '@traffic/shared';
import type { PackageJson, UserViewRow, WebsiteJson } from './user-view.repository.ts';

const iso = (value: string) => new Date(value).toISOString();

/** Prices come back from json_build_object as numbers; the wire carries a two-decimal string. */
function presentPackageJson(p: PackageJson): NonNullable<User['package']> {
  return {
    id: p.id,
    name: p.name,
    price: Number(p.price).toFixed(2),
    description: p.description,
    type: p.type as PackageType,
    hits_per_day: p.hits_per_day,
    slots: p.slots,
  };
}

export function presentWebsite(w: WebsiteJson, owner: { email: string; username: string }): Website {
  return {
    id: w.id,
    url: w.url,
    title: w.title,
    search_engine: w.search_engine,
    daily_hit_limit: w.daily_hit_limit,
    traffic_source: w.traffic_source,
    traffic_source_type: w.traffic_source_type,
    bounce_rate_reduction: w.bounce_rate_reduction,
    geolocation_type: w.geolocation_type,
    locations: (w.locations ?? []).map((code) => ({ code, geolocation: countryNameByCode.get(code) ?? code })),
    status: w.status,
    type: w.type,
    ninehits_key: w.ninehits_key,
    ninehits_state: w.ninehits_state,
    user_id: w.user_id,
    email: owner.email,
    username: owner.username,
  };
}

/** The user object of docs/product.md section 10, "Wire details", with the per-type statistics. */
export function presentUser(row: UserViewRow, now: Date): User {
  const subscriptionOf = (type: PackageType) => row.subscriptions.find((s) => s.type === type) ?? null;
  const stats = Object.fromEntries(
    PACKAGE_TYPES.map((type) => {
      const sub = subscriptionOf(type);
      return [
        type,
        computeCapacity({
          subscription: sub
            ? { hitsPerDay: sub.package.hits_per_day, slots: sub.package.slots, expiresAt: new Date(sub.expires_at) }
            : null,
          addons: row.addons
            .filter((a) => a.type === type)
            .map((a) => ({ kind: a.kind, count: a.count, expiresAt: new Date(a.expires_at) })),
          websites: row.websites.filter((w) => w.type === type).map((w) => ({ dailyHitLimit: w.daily_hit_limit })),
          now,
        }),
      ];
    }),
  ) as User['stats'];

  const normal = subscriptionOf('normal');
  const seo = subscriptionOf('seo');
  const addonRef = (a: UserViewRow['addons'][number]) => ({ type: a.type, count: a.count, name: a.name });

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
    websites: row.websites.map((w) => presentWebsite(w, row)),
    activatedadditionalhits: row.addons
      .filter((a) => a.kind === 'hits')
      .map((a) => ({ id: a.id, expiry_date: iso(a.expires_at), additional_hit: addonRef(a) })),
    activatedadditionalslots: row.addons
      .filter((a) => a.kind === 'slots')
      .map((a) => ({ id: a.id, expiry_date: iso(a.expires_at), additional_slot: addonRef(a) })),
    package: normal ? presentPackageJson(normal.package) : null,
    subscription_expiry_date: normal ? iso(normal.expires_at) : null,
    seo_package: seo ? presentPackageJson(seo.package) : null,
    seo_subscription_expiry_date: seo ? iso(seo.expires_at) : null,
    stats,
  };
}
