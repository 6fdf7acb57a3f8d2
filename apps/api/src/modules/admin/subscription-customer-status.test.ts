import { describe, expect, it } from 'vitest';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import type { PackageType } from '@traffic/shared';
import { customerWithPackage, registerCustomer } from '../../test-support/accounts.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { usersPage, type UsersPageFilters } from './admin.repository.ts';

/*
 * subscriptions.customer_status (migration 0031): the admin lists count a subscription filter's
 * customers from the subscriptions alone, so the column must say what a join with the users says,
 * whoever changes either table and in whatever order.
 */
describe('the customer status each subscription carries', () => {
  const t = useTestApp();

  /** The total as the join with users counts it (what the lists counted before migration 0031). */
  const joined = async (type: PackageType, q: Partial<UsersPageFilters>) => {
    const now = t.app.ctx.now();
    const [row] = await queryRows<{ total: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as total from users u join subscriptions s on s.user_id = u.id and s.type = ${type}
          where u.role = 'ROLE_USER'
            and (${q.status ?? null}::text is null or u.status = ${q.status ?? null})
            and (${q.subscription ?? null}::text is null or (${q.subscription === 'active'} and s.expires_at > ${now})
                 or (${q.subscription === 'expired'} and s.expires_at <= ${now}))
            and (${q.package ?? null}::text is null or s.package_id = ${q.package ?? null})`,
    );
    return row!.total;
  };
  const FILTERS: Partial<UsersPageFilters>[] = [
    { subscription: 'active' },
    { subscription: 'expired' },
    { package: 'pkgBasic' },
    { package: 'pkgStandard', subscription: 'active' },
    { status: 'ACTIVE', subscription: 'active' },
    { status: 'DEACTIVATED', package: 'pkgBasic' },
    { status: 'INACTIVE', subscription: 'expired' },
  ];
  /** Every filter's total from the lists, against the join's; answers the lists' totals. */
  const totalsAgree = async () => {
    const totals: number[] = [];
    for (const type of ['normal', 'seo'] as const)
      for (const q of FILTERS) {
        const { total } = await usersPage(t.app.ctx.db, type, { page: 0, size: 20, search: '', ...q }, t.app.ctx.now());
        expect({ type, ...q, total }).toEqual({ type, ...q, total: await joined(type, q) });
        totals.push(total);
      }
    return totals;
  };
  const statusOf = async (userId: number) =>
    (
      await queryRows<{ type: string; customer_status: string | null }>(
        t.app.ctx.db,
        sql`select type, customer_status from subscriptions where user_id = ${userId} order by type`,
      )
    ).map((r) => `${r.type}:${r.customer_status}`);

  it("follows the holder's status and role, and a subscription's grant, move and end", async () => {
    const ann = await customerWithPackage(t.app, 'pkgBasic', { username: 'ann', email: 'ann@example.com' });
    const bob = await customerWithPackage(t.app, 'pkgStandard', { username: 'bob', email: 'bob@example.com' });
    await customerWithPackage(t.app, 'pkgBasic', { username: 'cat', email: 'cat@example.com' });
    await registerCustomer(t.app, { username: 'dan', email: 'dan@example.com' });
    const first = await totalsAgree();
    expect(first.some((n) => n > 0)).toBe(true);
    expect(await statusOf(ann.user.id)).toEqual(['normal:ACTIVE']);

    const db = t.app.ctx.db;
    await db.execute(sql`update users set status = 'DEACTIVATED' where id = ${ann.user.id}`);
    expect(await statusOf(ann.user.id)).toEqual(['normal:DEACTIVATED']);
    // An administrator's subscription is no customer's: the lists leave it out.
    await db.execute(sql`update users set role = 'ROLE_ADMIN' where id = ${bob.user.id}`);
    expect(await statusOf(bob.user.id)).toEqual(['normal:null']);
    // Whatever a writer puts in the column, the trigger replaces.
    await db.execute(sql`update subscriptions set customer_status = 'ACTIVE' where user_id = ${ann.user.id}`);
    expect(await statusOf(ann.user.id)).toEqual(['normal:DEACTIVATED']);
    // A subscription inserted or moved to another holder takes that holder's status.
    await db.execute(
      sql`insert into subscriptions (user_id, type, package_id, expires_at) values (${ann.user.id}, 'seo', 'pkgSEOStarter', ${t.app.ctx.now()})`,
    );
    expect(await statusOf(ann.user.id)).toEqual(['normal:DEACTIVATED', 'seo:DEACTIVATED']);
    await db.execute(sql`update subscriptions set user_id = ${bob.user.id} where user_id = ${ann.user.id} and type = 'seo'`);
    expect(await statusOf(bob.user.id)).toEqual(['normal:null', 'seo:null']);
    await db.execute(sql`update users set role = 'ROLE_USER', status = 'INACTIVE' where id = ${bob.user.id}`);
    expect(await statusOf(bob.user.id)).toEqual(['normal:INACTIVE', 'seo:INACTIVE']);
    await totalsAgree();

    // Time passes: active subscriptions expire.
    t.clock.advance(400 * 24 * 60 * 60 * 1000);
    const later = await totalsAgree();
    expect(later).not.toEqual(first);
  });
});

/*
 * Two writers at once on PostgreSQL: a holder's status changed while a subscription of theirs is
 * written, in either order. Whichever commits second sees the other's change.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('the customer status each subscription carries, under concurrent writes (PostgreSQL)', () => {
  const t = useTestApp();
  // Two of the server's own pooled connections.
  const connect = () => t.app.ctx.database.pool!.connect();
  const seoStatus = async (client: pg.PoolClient, userId: number) =>
    (await client.query(`select customer_status from subscriptions where user_id = $1 and type = 'seo'`, [userId])).rows[0]
      ?.customer_status as string | undefined;
  const insertSeo = (client: pg.PoolClient, userId: number) =>
    client.query(
      `insert into subscriptions (user_id, type, package_id, expires_at) values ($1, 'seo', 'pkgSEOStarter', now() + interval '30 days')`,
      [userId],
    );

  it('a status change uncommitted when the subscription is written: the subscription waits and takes the new status', async () => {
    const ann = await customerWithPackage(t.app, 'pkgBasic', { username: 'ann', email: 'ann@example.com' });
    const [admin, writer] = [await connect(), await connect()];
    try {
      await admin.query('begin');
      await admin.query(`update users set status = 'DEACTIVATED' where id = $1`, [ann.user.id]);
      const inserting = insertSeo(writer, ann.user.id);
      // The insert waits for the holder's row, which the uncommitted change holds.
      await expect.poll(async () => (await admin.query(`select count(*)::int as n from pg_locks where not granted`)).rows[0].n).toBe(1);
      await admin.query('commit');
      await inserting;
      expect(await seoStatus(writer, ann.user.id)).toBe('DEACTIVATED');
    } finally {
      admin.release();
      writer.release();
    }
  });

  it('a subscription uncommitted when the status changes: the change waits and reaches the subscription', async () => {
    const ann = await customerWithPackage(t.app, 'pkgBasic', { username: 'ann', email: 'ann@example.com' });
    const [admin, writer] = [await connect(), await connect()];
    try {
      await writer.query('begin');
      await insertSeo(writer, ann.user.id);
      const changing = admin.query(`update users set status = 'DEACTIVATED' where id = $1`, [ann.user.id]);
      await expect.poll(async () => (await writer.query(`select count(*)::int as n from pg_locks where not granted`)).rows[0].n).toBe(1);
      await writer.query('commit');
      await changing;
      expect(await seoStatus(admin, ann.user.id)).toBe('DEACTIVATED');
    } finally {
      admin.release();
      writer.release();
    }
  });
});
