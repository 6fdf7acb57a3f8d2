import type { Executor } from './client.ts';
import { addonPackages, packages } from './schema.ts';

const features = (hits: number, slots: number, extra: string[] = []) =>
  `<ul><li>${hits.toLocaleString('en-US')} hits per day</li><li>${slots} website slots</li>` +
  extra.map((e) => `<li>${e}</li>`).join('') +
  '</ul>';

/** The four public plans (docs/product.md section 9) and a few SEO plans; ids follow docs/product.md section 10, "Catalogue ids". */
export const SEED_PACKAGES = [
  { id: 'pkgBasic', name: 'Basic', price: '14.99', type: 'normal', hitsPerDay: 1000, slots: 6 },
  { id: 'pkgStandard', name: 'Standard', price: '44.99', type: 'normal', hitsPerDay: 4200, slots: 25 },
  { id: 'pkgPremium', name: 'Premium', price: '74.99', type: 'normal', hitsPerDay: 10000, slots: 50 },
  {
    id: 'pkgPremiumPlus',
    name: 'Premium Plus',
    price: '349.99',
    type: 'normal',
    hitsPerDay: 50000,
    slots: 100,
    extra: ['Dedicated account manager'],
  },
  { id: 'pkgSEOStarter', name: 'SEO Starter', price: '19.99', type: 'seo', hitsPerDay: 500, slots: 3 },
  { id: 'pkgSEOPro', name: 'SEO Pro', price: '49.99', type: 'seo', hitsPerDay: 2000, slots: 10 },
  { id: 'pkgSEOAgency', name: 'SEO Agency', price: '99.99', type: 'seo', hitsPerDay: 5000, slots: 25 },
].map(({ extra, ...p }) => ({ ...p, description: features(p.hitsPerDay, p.slots, extra) }));

export const SEED_ADDONS = [
  { id: '1000Hits', kind: 'hits', name: '1000 Extra Hits', price: '4.99', count: 1000, type: 'normal' },
  { id: '5000Hits', kind: 'hits', name: '5000 Extra Hits', price: '19.99', count: 5000, type: 'normal' },
  { id: '10000Hits', kind: 'hits', name: '10000 Extra Hits', price: '34.99', count: 10000, type: 'normal' },
  { id: '500Hits', kind: 'hits', name: '500 Extra SEO Hits', price: '4.99', count: 500, type: 'seo' },
  { id: '2500Hits', kind: 'hits', name: '2500 Extra SEO Hits', price: '19.99', count: 2500, type: 'seo' },
  { id: '5Slots', kind: 'slots', name: '5 Extra Slots', price: '4.99', count: 5, type: 'normal' },
  { id: '10Slots', kind: 'slots', name: '10 Extra Slots', price: '8.99', count: 10, type: 'normal' },
  { id: '2Slots', kind: 'slots', name: '2 Extra SEO Slots', price: '4.99', count: 2, type: 'seo' },
  { id: '6Slots', kind: 'slots', name: '6 Extra SEO Slots', price: '12.99', count: 6, type: 'seo' },
] as const;

/**
 * Inserts the catalogue items that are missing and nothing else: it runs at every start, so an
 * admin's edits and deletions (soft) of seeded items survive restarts.
 */
export async function seedCatalogue(db: Executor): Promise<void> {
  await db.insert(packages).values(SEED_PACKAGES).onConflictDoNothing({ target: packages.id });
  await db
    .insert(addonPackages)
    .values(SEED_ADDONS.map((a) => ({ ...a })))
    .onConflictDoNothing({ target: addonPackages.id });
}
