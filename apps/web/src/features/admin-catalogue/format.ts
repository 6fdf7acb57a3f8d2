import type { AddonPackage, Package } from '@traffic/shared/schemas/catalogue.schema';

const number = new Intl.NumberFormat('en-US');

export const formatCount = (value: number) => number.format(value);

/** Prices travel as decimal strings ("14.99"); shown in USD. */
export const formatPrice = (price: string) => `$${price}`;

export function describePackage(pkg: Package): string {
  return `${formatCount(pkg.hits_per_day)} hits/day · ${formatCount(pkg.slots)} slots · ${formatPrice(pkg.price)} · ${pkg.type}`;
}

export function describeAddon(addon: AddonPackage): string {
  return `${formatCount(addon.count)} · ${formatPrice(addon.price)} · ${addon.type}`;
}

/** An expiry date as people read it, in their own locale. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(date);
}
