/**
 * Capacity per package type (docs/product.md section 9, docs/product.md section 10, "Subscriptions, add-ons, capacity"):
 * available = (package allowance if the subscription has not expired, else 0)
 *           + add-ons of that type expiring after now - what the user's websites of that type use
 * (paused websites count too). The server enforces it; the browser shows the same figures.
 */
export interface CapacityInput {
  subscription: { hitsPerDay: number; slots: number; expiresAt: Date } | null;
  addons: { kind: 'hits' | 'slots'; count: number; expiresAt: Date }[];
  websites: { dailyHitLimit: number }[];
  now: Date;
}

export interface CapacityStats {
  totalHits: number;
  usedHits: number;
  availableHits: number;
  totalSlots: number;
  usedSlots: number;
  availableSlots: number;
}

export function isSubscriptionActive(expiresAt: Date | null | undefined, now: Date): boolean {
  return !!expiresAt && expiresAt.getTime() > now.getTime();
}

export function computeCapacity({ subscription, addons, websites, now }: CapacityInput): CapacityStats {
  const active = subscription && isSubscriptionActive(subscription.expiresAt, now);
  const live = addons.filter((a) => a.expiresAt.getTime() > now.getTime());
  const extra = (kind: 'hits' | 'slots') => live.filter((a) => a.kind === kind).reduce((sum, a) => sum + a.count, 0);

  const totalHits = (active ? subscription.hitsPerDay : 0) + extra('hits');
  const totalSlots = (active ? subscription.slots : 0) + extra('slots');
  const usedHits = websites.reduce((sum, w) => sum + w.dailyHitLimit, 0);
  const usedSlots = websites.length;
  return {
    totalHits,
    usedHits,
    availableHits: totalHits - usedHits,
    totalSlots,
    usedSlots,
    availableSlots: totalSlots - usedSlots,
  };
}
