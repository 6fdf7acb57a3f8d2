import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { freePort } from '../../test-support/listening-app.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test-support/smtp-peer.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

/** A job that gave up for good is shown to the admin with its last error, and runs again on Retry. */
describe('failed background jobs, for the operator', () => {
  let admin: Session;
  let smtpPort: number;
  let smtp: SmtpPeer | undefined;
  beforeAll(async () => {
    smtpPort = await freePort();
  });
  const t = useTestApp(() => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }));
  beforeEach(async () => {
    admin = await loginAdmin(t.app);
  });
  afterAll(() => smtp?.close());

  const failedList = async (headers = admin.headers) => t.app.inject({ method: 'GET', url: '/api/admin/jobs/failed', headers });
  const retry = (id: number | string) => t.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: admin.headers });

  it('lists a mail that could not be sent after its last attempt, and sends it on Retry once the server is back', async () => {
    const customer = await registerCustomer(t.app, { email: 'helpme@example.com' });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/support',
          headers: customer.headers,
          payload: { email: 'helpme@example.com', msg: 'Hello' },
        })
      ).statusCode,
    ).toBe(200);
    // The mail server is down and this is the job's last attempt.
    await t.app.ctx.db.execute(sql`update jobs set max_attempts = 1 where kind = 'send-email'`);
    await t.app.jobs.drain();

    const page = (await failedList()).json();
    expect(page.total).toBe(1);
    expect(page.rows[0]).toMatchObject({
      kind: 'send-email',
      description: expect.stringMatching(/^Send mail #\d+$/),
      attempts: 1,
      last_error: expect.stringMatching(/ECONNREFUSED/),
    });
    expect(Date.parse(page.rows[0].failed_at)).not.toBeNaN();

    smtp = await startSmtpPeer(smtpPort);
    expect((await retry(page.rows[0].id)).json()).toEqual({ result: 'queued' });
    await t.app.jobs.drain();
    expect(smtp.received.map((m) => m.to)).toEqual([[t.app.ctx.config.mail.supportEmail]]);
    expect((await failedList()).json()).toEqual({ total: 0, rows: [] });
    expect((await retry(page.rows[0].id)).statusCode).toBe(404);
  });

  it('closes a failed job whose work was queued again meanwhile, instead of running it twice', async () => {
    const [failed] = await queryRows<{ id: number }>(
      t.app.ctx.db,
      sql`insert into jobs (kind, payload, dedupe_key, attempts, failed_at, last_error) values ('reconcile-capacity', '{"userId":1,"type":"normal"}', 'reconcile-capacity:1:normal', 20, now(), 'boom') returning id`,
    );
    await t.app.ctx.db.execute(
      sql`insert into jobs (kind, payload, dedupe_key) values ('reconcile-capacity', '{"userId":1,"type":"normal"}', 'reconcile-capacity:1:normal')`,
    );
    expect((await failedList()).json().rows[0]).toMatchObject({ description: 'Pause or resume websites of user #1 (normal)' });
    expect((await retry(Number(failed!.id))).json()).toEqual({ result: 'already queued' });
    expect((await failedList()).json().total).toBe(0);
  });

  it('removes a dismissed job from the list and the queue, and records who dismissed what', async () => {
    const [row] = await queryRows<{ id: number }>(
      t.app.ctx.db,
      sql`insert into jobs (kind, payload, attempts, failed_at, last_error) values ('ninehits-delete', '{"websiteId":7}', 20, now(), '9Hits down') returning id`,
    );
    const id = Number(row!.id);
    const dismiss = (jobId: number | string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/jobs/${jobId}/dismiss`, headers: admin.headers });
    expect((await dismiss(id)).json()).toEqual({ result: 'dismissed' });
    expect((await failedList()).json()).toEqual({ total: 0, rows: [] });
    expect(await queryRows(t.app.ctx.db, sql`select 1 from jobs where id = ${id}`)).toHaveLength(0);
    const [record] = await queryRows<{ actor_email: string; target_id: string; before: Record<string, unknown>; after: unknown }>(
      t.app.ctx.db,
      sql`select actor_email, target_id, before, after from audit_events where action = 'job_dismissed'`,
    );
    expect(record).toEqual({
      actor_email: admin.user.email,
      target_id: String(id),
      before: { status: 'failed', description: 'Delete the 9Hits campaign of website #7', attempts: 20, last_error: '9Hits down' },
      after: { status: 'dismissed' },
    });
    // Gone: neither a second dismiss nor a retry finds it; a job that has not failed cannot be dismissed.
    expect((await dismiss(id)).json()).toEqual({ code: 'NOT_FOUND', message: `No failed job #${id}.` });
    expect((await retry(id)).statusCode).toBe(404);
    const [queued] = await queryRows<{ id: number }>(
      t.app.ctx.db,
      sql`insert into jobs (kind, payload) values ('matrix-noop', '{}') returning id`,
    );
    expect((await dismiss(Number(queued!.id))).statusCode).toBe(404);
    expect((await dismiss('abc')).statusCode).toBe(400);
  });

  it('pages newest first and refuses bad input in words', async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.ctx.db.execute(
        sql`insert into jobs (kind, payload, attempts, failed_at, last_error) values ('ninehits-sync', ${JSON.stringify({ websiteId: i })}::jsonb, 20, now() + ${`${i} seconds`}::interval, 'down')`,
      );
    }
    const first = (await t.app.inject({ method: 'GET', url: '/api/admin/jobs/failed?size=2', headers: admin.headers })).json();
    expect(first.total).toBe(3);
    expect(first.rows.map((r: { description: string }) => r.description)).toEqual([
      'Update website #2 at 9Hits',
      'Update website #1 at 9Hits',
    ]);
    const second = (await t.app.inject({ method: 'GET', url: '/api/admin/jobs/failed?size=2&page=1', headers: admin.headers })).json();
    expect(second.rows).toHaveLength(1);
    for (const url of ['/api/admin/jobs/failed?size=0', '/api/admin/jobs/failed?page=-1', '/api/admin/jobs/failed?size=abc']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await retry('abc')).statusCode).toBe(400);
    expect((await retry(999999)).json()).toEqual({ code: 'NOT_FOUND', message: 'No failed job #999999.' });
  });
});
