import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { customerWithPackage, loginAdmin } from '../../test-support/accounts.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { createWebsite } from '../../test-support/websites.ts';

/*
 * GET /api/admin/websites sums website_count_shards (migration 0032), which triggers on websites
 * keep: the sum must say what counting the websites says, whoever adds or removes them and how.
 */
describe('the number of websites the admin sees', () => {
  const t = useTestApp();

  const counted = async () => (await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from websites`))[0]!.n;
  const shown = async () => {
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/websites', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { count: number }).count;
  };
  const insertMany = (userId: number, n: number) =>
    t.app.ctx.db.execute(
      sql`insert into websites (user_id, type, url, daily_hit_limit, traffic_source)
          select ${userId}, 'normal', 'https://bulk' || g || '.example.com/', 100, 'Direct' from generate_series(1, ${n}::int) g`,
    );

  it('follows creates, deletes, bulk writes, a rolled-back insert, a customer deleted with their websites, and an emptied table', async () => {
    expect(await shown()).toBe(0);
    const ann = await customerWithPackage(t.app, 'pkgBasic', { username: 'ann', email: 'ann@example.com' });
    const bob = await customerWithPackage(t.app, 'pkgBasic', { username: 'bob', email: 'bob@example.com' });
    const created = [];
    for (const [who, url] of [
      [ann, 'https://a1.example.com/'],
      [ann, 'https://a2.example.com/'],
      [bob, 'https://b1.example.com/'],
    ] as const) {
      const res = await createWebsite(t.app, who, { url });
      expect(res.statusCode, res.body).toBe(201);
      created.push((res.json() as { id: number }).id);
    }
    expect([await shown(), await counted()]).toEqual([3, 3]);

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/website/${created[0]}`, headers: ann.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect([await shown(), await counted()]).toEqual([2, 2]);

    // One statement of many rows, and one that removes many.
    await insertMany(bob.user.id, 500);
    expect([await shown(), await counted()]).toEqual([502, 502]);
    await t.app.ctx.db.execute(sql`delete from websites where url like 'https://bulk%' and url not like 'https://bulk1%'`);
    expect([await shown(), await counted()]).toEqual([113, 113]);

    // Rolled back: neither the websites nor the total move.
    await expect(
      t.app.ctx.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into websites (user_id, type, url, daily_hit_limit, traffic_source) values (${ann.user.id}, 'normal', 'https://x.example.com/', 100, 'Direct')`,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect([await shown(), await counted()]).toEqual([113, 113]);

    // A customer's account removed takes their websites with it (the foreign key's cascade).
    await t.app.ctx.db.execute(sql`delete from users where id = ${bob.user.id}`);
    expect([await shown(), await counted()]).toEqual([1, 1]);

    await t.app.ctx.db.execute(sql`truncate websites cascade`);
    expect([await shown(), await counted()]).toEqual([0, 0]);
    await insertMany(ann.user.id, 2);
    expect([await shown(), await counted()]).toEqual([2, 2]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('the number of websites under concurrent writers (PostgreSQL)', () => {
  const t = useTestApp();
  const connect = () => t.app.ctx.database.pool!.connect();

  it('two open transactions adding websites do not wait for each other, and both count once committed', async () => {
    const ann = await customerWithPackage(t.app, 'pkgBasic', { username: 'ann', email: 'ann@example.com' });
    const [one, two] = [await connect(), await connect()];
    try {
      const pids = await Promise.all([one, two].map(async (c) => (await c.query('select pg_backend_pid() as pid')).rows[0].pid as number));
      // Each backend has its own shard unless their process ids collide modulo 1024 (then they share a row).
      expect(pids[0]! % 1024).not.toBe(pids[1]! % 1024);
      const insert = (c: typeof one, url: string) =>
        c.query(`insert into websites (user_id, type, url, daily_hit_limit, traffic_source) values ($1, 'normal', $2, 100, 'Direct')`, [
          ann.user.id,
          url,
        ]);
      await one.query('begin');
      await two.query('begin');
      await insert(one, 'https://one.example.com/');
      // Would block on a single counter row that `one` holds until it commits.
      await insert(two, 'https://two.example.com/');
      await two.query('delete from websites where url = $1', ['https://two.example.com/']);
      await insert(two, 'https://three.example.com/');
      await Promise.all([one.query('commit'), two.query('commit')]);
      const { rows } = await one.query(
        'select (select sum(count)::int from website_count_shards) as shown, (select count(*)::int from websites) as counted',
      );
      expect(rows[0]).toEqual({ shown: 2, counted: 2 });
    } finally {
      one.release();
      two.release();
    }
  });
});
