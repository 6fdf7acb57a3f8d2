import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client.ts';
import { runMigrations } from './migrate.ts';
import { SEED_ADDONS, SEED_PACKAGES, seedCatalogue } from './seed.ts';
import { addonPackages, packages } from './schema.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`migrations and seed on ${engine}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.destroy());

  it('creates every table of the schema, and a second run changes nothing', async () => {
    const tables = () =>
      queryRows<{ tablename: string }>(t.database.db, sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
    const before = await tables();
    await runMigrations(t.database);
    const after = await tables();
    expect(after).toEqual(before);
    expect(before.map((r) => r.tablename)).toEqual(
      expect.arrayContaining([
        'users',
        'subscriptions',
        'packages',
        'addon_packages',
        'activated_addons',
        'orders',
        'payment_events',
        'websites',
        'website_locations',
        'notifications',
        'support_requests',
        'password_resets',
        'login_failures',
        'emails',
        'jobs',
      ]),
    );
  });

  it('seeds the catalogue idempotently: run twice, same rows', async () => {
    await seedCatalogue(t.database.db);
    const first = await t.database.db.select().from(packages).orderBy(packages.id);
    const firstAddons = await t.database.db.select().from(addonPackages).orderBy(addonPackages.id);
    await seedCatalogue(t.database.db);
    const second = await t.database.db.select().from(packages).orderBy(packages.id);
    const secondAddons = await t.database.db.select().from(addonPackages).orderBy(addonPackages.id);

    expect(second).toEqual(first);
    expect(secondAddons).toEqual(firstAddons);
    expect(first).toHaveLength(SEED_PACKAGES.length);
    expect(firstAddons).toHaveLength(SEED_ADDONS.length);
  });

  it('holds the four public plans with the public prices and limits, and the grant default 1000Hits', async () => {
    const rows = await t.database.db.select().from(packages);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get('pkgBasic')).toMatchObject({ price: '14.99', hitsPerDay: 1000, slots: 6, type: 'normal' });
    expect(byId.get('pkgStandard')).toMatchObject({ price: '44.99', hitsPerDay: 4200, slots: 25, type: 'normal' });
    expect(byId.get('pkgPremium')).toMatchObject({ price: '74.99', hitsPerDay: 10000, slots: 50, type: 'normal' });
    expect(byId.get('pkgPremiumPlus')).toMatchObject({ price: '349.99', hitsPerDay: 50000, slots: 100, type: 'normal' });
    expect(rows.some((r) => r.type === 'seo')).toBe(true);

    const addons = await t.database.db.select().from(addonPackages);
    expect(addons.find((a) => a.id === '1000Hits')).toMatchObject({ kind: 'hits', count: 1000 });
    for (const type of ['normal', 'seo']) {
      for (const kind of ['hits', 'slots']) {
        expect(addons.some((a) => a.type === type && a.kind === kind)).toBe(true);
      }
    }
  });

  it('keeps an admin edit of a seeded item across a re-seed', async () => {
    await t.database.db.execute(sql`update packages set price = '15.99' where id = 'pkgBasic'`);
    await seedCatalogue(t.database.db);
    const [basic] = await queryRows<{ price: string }>(t.database.db, sql`select price from packages where id = 'pkgBasic'`);
    expect(basic?.price).toBe('15.99');
  });
});
