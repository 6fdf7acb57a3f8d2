import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { cleanUp } from '../retention/clean-up.ts';
import { archiveAuditMonth } from './archive-month.ts';
import { insertAuditEvent } from './audit.repository.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

/** The audit log's month partitions (migration 0020), on the engine the suite runs on. */
describe(`the audit log's month partitions on ${engine}`, () => {
  const t = useTestApp();

  const rows = <T>(query: SQL) => queryRows<T>(t.app.ctx.db, query);
  const record = (action: 'sign_in' | 'sign_in_failed', at: string) =>
    insertAuditEvent(t.app.ctx.db, {
      action,
      actorId: null,
      actorEmail: 'ada@example.com',
      ip: '10.0.0.1',
      device: 'Firefox',
      at: new Date(at),
    });
  /** Where each record is, by its action: the partition's name. */
  const placed = () =>
    rows<{ action: string; part: string; at: string }>(
      sql`select action, tableoid::regclass::text as part, to_char(at at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') as at from audit_events order by id`,
    );
  const partitions = async () =>
    (
      await rows<{ name: string }>(
        sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
            where i.inhparent = 'audit_events'::regclass order by c.relname`,
      )
    ).map((r) => r.name);
  const addMonth = async (at: string) =>
    (await rows<{ created: boolean }>(sql`select audit_events_add_month(${at}::timestamptz) as created`))[0]!.created;
  /** The database's own message of a failure (drizzle wraps it in one naming the query). */
  const failure = (work: Promise<unknown>) =>
    work.then(
      () => 'no failure',
      (e: Error) => (e.cause instanceof Error ? e.cause : e).message,
    );
  const refused = async (query: SQL, op: string) => {
    expect(await failure(t.app.ctx.db.execute(query))).toBe(`audit_events is append-only: ${op} refused`);
  };

  it('puts each record in the partition of its month (UTC), and one of a month without a partition in the default one', async () => {
    expect(await addMonth('2019-06-15T12:00:00Z')).toBe(true);
    expect(await addMonth('2019-07-01T00:00:00Z')).toBe(true);
    expect(await addMonth('2019-07-31T23:59:59Z')).toBe(false);
    await record('sign_in', '2019-06-30T23:59:59.999Z');
    await record('sign_in_failed', '2019-07-01T00:00:00.000Z');
    await record('sign_in', '2019-08-01T00:00:00.000Z');
    await record('sign_in_failed', new Date().toISOString());
    const thisMonth = new Date().toISOString().slice(0, 7).replace('-', '_');
    const where = await placed();
    expect(where.map((r) => [r.part, r.at.slice(0, 19)])).toEqual([
      ['audit_events_2019_06', '2019-06-30 23:59:59'],
      ['audit_events_2019_07', '2019-07-01 00:00:00'],
      ['audit_events_default', '2019-08-01 00:00:00'],
      [`audit_events_${thisMonth}`, expect.any(String)],
    ]);
    // The identity goes on across partitions: ids keep growing in the order written.
    const ids = (await rows<{ id: number }>(sql`select id from audit_events order by at`)).map((r) => Number(r.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(4);
    // A month whose records went to the default partition keeps them there: its partition is not made.
    expect(await addMonth('2019-08-10T00:00:00Z')).toBe(false);
    expect(await partitions()).not.toContain('audit_events_2019_08');
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the table and on each partition by name', async () => {
    await addMonth('2019-06-01T00:00:00Z');
    await record('sign_in', '2019-06-10T00:00:00Z');
    await record('sign_in', '2019-09-10T00:00:00Z');
    const before = await placed();
    await refused(sql`update audit_events set action = 'sign_in_failed'`, 'UPDATE');
    await refused(sql`delete from audit_events`, 'DELETE');
    await refused(sql`delete from audit_events where false`, 'DELETE');
    await refused(sql`truncate audit_events`, 'TRUNCATE');
    await refused(sql`truncate audit_events cascade`, 'TRUNCATE');
    for (const part of ['audit_events_2019_06', 'audit_events_default']) {
      await refused(sql`update ${sql.identifier(part)} set action = 'sign_in_failed'`, 'UPDATE');
      await refused(sql`delete from ${sql.identifier(part)}`, 'DELETE');
      await refused(sql`truncate ${sql.identifier(part)}`, 'TRUNCATE');
    }
    // Moving a record to another month would be an update too.
    await refused(sql`update audit_events set at = '2019-09-11' where at < '2019-07-01'`, 'UPDATE');
    expect(await placed()).toEqual(before);
  });

  it('lets an owner detach an old month and drop it with every trigger still on', async () => {
    await addMonth('2019-05-01T00:00:00Z');
    await record('sign_in', '2019-05-02T00:00:00Z');
    await record('sign_in_failed', '2019-05-31T00:00:00Z');
    await record('sign_in', new Date().toISOString());
    const [archived] = await rows<{ name: string }>(sql`select audit_archive_month('2019-05') as name`);
    expect(archived!.name).toBe('audit_events_2019_05');
    expect(await partitions()).not.toContain('audit_events_2019_05');
    expect((await placed()).map((r) => r.action)).toEqual(['sign_in']);
    // The detached table keeps the month's records for the dump, and is no longer the audit log.
    expect(await rows(sql`select action from audit_events_2019_05 order by at`)).toEqual([
      { action: 'sign_in' },
      { action: 'sign_in_failed' },
    ]);
    await t.app.ctx.db.execute(sql`drop table audit_events_2019_05`);
    expect(await rows(sql`select to_regclass('audit_events_2019_05') as t`)).toEqual([{ t: null }]);
    const triggers = await rows<{ tgname: string; tgenabled: string }>(
      sql`select tgname, tgenabled from pg_trigger where tgrelid = 'audit_events'::regclass order by tgname`,
    );
    expect(triggers).toEqual([
      { tgname: 'audit_events_no_row_change', tgenabled: 'O' },
      { tgname: 'audit_events_no_truncate', tgenabled: 'O' },
      { tgname: 'audit_events_no_update_or_delete', tgenabled: 'O' },
    ]);
    await refused(sql`delete from audit_events`, 'DELETE');
  });

  it('npm run audit:archive writes a month to a file, line by line, then drops its partition; a second run finds nothing', async () => {
    await addMonth('2019-04-01T00:00:00Z');
    await record('sign_in', '2019-04-01T00:00:00Z');
    await record('sign_in_failed', '2019-04-30T23:59:59Z');
    await record('sign_in', '2019-09-01T00:00:00Z');
    const file = join(mkdtempSync(join(tmpdir(), 'audit-archive-')), 'audit-2019-04.jsonl');
    const report = await archiveAuditMonth(t.app.ctx.db, '2019-04', file);
    expect(report).toEqual({ table: 'audit_events_2019_04', records: 2, file });
    const lines = readFileSync(file, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l.action, l.actor_email, new Date(l.at as string).toISOString()])).toEqual([
      ['sign_in', 'ada@example.com', '2019-04-01T00:00:00.000Z'],
      ['sign_in_failed', 'ada@example.com', '2019-04-30T23:59:59.000Z'],
    ]);
    expect(await rows(sql`select to_regclass('audit_events_2019_04') as t`)).toEqual([{ t: null }]);
    expect((await placed()).map((r) => r.at.slice(0, 10))).toEqual(['2019-09-01']);
    expect(await failure(archiveAuditMonth(t.app.ctx.db, '2019-04', file))).toBe(
      'audit_events has no partition for 2019-04 (its records, if any, are in audit_events_default)',
    );
    expect(await failure(archiveAuditMonth(t.app.ctx.db, '19-04', file))).toBe('a month is written YYYY-MM, not 19-04');
  });

  it('archives only a past month that has its partition, with a clear message otherwise', async () => {
    const archive = (month: string | null) => t.app.ctx.db.execute(sql`select audit_archive_month(${month})`);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(await failure(archive(thisMonth))).toBe(`only a month before the current one can be archived, not ${thisMonth}`);
    expect(await failure(archive('2999-01'))).toBe('only a month before the current one can be archived, not 2999-01');
    expect(await failure(archive('2001-02'))).toContain('audit_events has no partition for 2001-02');
    expect(await failure(archive('2019-13'))).toBe('a month is written YYYY-MM, not 2019-13');
    expect(await failure(archive(null))).toBe('a month is written YYYY-MM, not null');
  });

  it('the hourly clean-up makes this month and the next three ahead of time, once', async () => {
    const retention = t.app.ctx.config.retention;
    const first = await cleanUp(t.app.ctx.db, retention, new Date('2031-11-20T10:00:00Z'));
    expect(first.auditPartitions).toBe(4);
    expect(await partitions()).toEqual(
      expect.arrayContaining(['audit_events_2031_11', 'audit_events_2031_12', 'audit_events_2032_01', 'audit_events_2032_02']),
    );
    expect(await partitions()).not.toContain('audit_events_2032_03');
    expect((await cleanUp(t.app.ctx.db, retention, new Date('2031-11-30T23:00:00Z'))).auditPartitions).toBe(0);
    expect((await cleanUp(t.app.ctx.db, retention, new Date('2031-12-01T00:00:00Z'))).auditPartitions).toBe(1);
    await record('sign_in', '2032-03-04T05:06:07Z');
    expect((await placed()).map((r) => r.part)).toEqual(['audit_events_2032_03']);
  });
});
