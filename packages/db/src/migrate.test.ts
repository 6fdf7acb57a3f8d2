import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from './client.ts';
import { migrationsFolder, runMigrations } from './migrate.ts';
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

/** The repository's migrations up to (not including) number `idx`, in a folder of their own. */
function migrationsBefore(idx: number): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'migrations-')), 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe(`migration 0020 on ${engine}: the audit log partitioned by month`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(migrationsBefore(20));
  });
  afterAll(() => t.destroy());

  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.database.db, query);
  const indexes = () =>
    rows<{ name: string }>(
      sql`select indexrelid::regclass::text as name from pg_index where indrelid = 'audit_events'::regclass order by 1`,
    );

  it('keeps every record, column, index and id, each record in its month, and the ids going on', async () => {
    await t.database.db
      .execute(sql`insert into audit_events (at, actor_id, actor_email, action, target_type, target_id, before, after, ip, device) values
      ('2025-12-31 23:59:59.999+00', 1, 'ada@example.com', 'user_deactivated', 'user', '7', '{"status":"ACTIVE"}', '{"status":"INACTIVE"}', '10.0.0.1', 'Firefox'),
      ('2026-01-01 00:00:00+00', null, null, 'sign_in_failed', 'login', 'x@example.com', null, null, '10.0.0.2', 'Chrome'),
      ('2026-01-20 12:00:00+00', 2, 'bob@example.com', 'sign_in', null, null, null, '{"with":"password"}', null, null)`);
    // An id handed out and never written (a rolled-back insert) is not handed out again.
    await t.database.db.execute(sql`select nextval('audit_events_id_seq')`);
    const before = await rows(sql`select * from audit_events order by id`);
    const indexesBefore = await indexes();
    const columnsBefore = await rows(
      sql`select column_name, data_type, is_nullable, column_default from information_schema.columns where table_name = 'audit_events' order by ordinal_position`,
    );

    // Migration 0020 alone: a later migration may add an index of its own.
    await runMigrations(t.database, migrationsBefore(21));

    expect(await rows(sql`select * from audit_events order by id`)).toEqual(before);
    expect(await indexes()).toEqual(indexesBefore);
    expect(
      await rows(
        sql`select column_name, data_type, is_nullable, column_default from information_schema.columns where table_name = 'audit_events' order by ordinal_position`,
      ),
    ).toEqual(columnsBefore);
    expect(await rows(sql`select partstrat from pg_partitioned_table where partrelid = 'audit_events'::regclass`)).toEqual([
      { partstrat: 'r' },
    ]);
    expect(await rows(sql`select tableoid::regclass::text as part from audit_events order by id`)).toEqual([
      { part: 'audit_events_2025_12' },
      { part: 'audit_events_2026_01' },
      { part: 'audit_events_2026_01' },
    ]);
    const [next] = await rows<{ id: number }>(sql`insert into audit_events (action) values ('sign_in') returning id`);
    expect(Number(next!.id)).toBe(5);
    await expect(t.database.db.execute(sql`insert into audit_events (id, action) values (99, 'sign_in')`)).rejects.toThrow();
    expect(await rows(sql`select count(*)::int as n from audit_events_default`)).toEqual([{ n: 0 }]);
  });
});
