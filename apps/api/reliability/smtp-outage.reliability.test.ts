import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { createTestApp, type TestApp } from '../src/test-support/test-app.ts';
import { registerCustomer, type Session } from '../src/test-support/accounts.ts';
import { Cleanup } from './support/cleanup.ts';
import { SmtpPeer } from './support/smtp-peer.ts';

/**
 * docs/integrations.md section 4: mail is stored with its delivery job in the same transaction and sent
 * by the job runner. With the SMTP server down, nothing is lost; when it is back on the same
 * address, every message is delivered exactly once.
 */
describe('SMTP down, then back', () => {
  const cleanup = new Cleanup();
  let t: TestApp;
  let smtp: SmtpPeer;
  let customers: Session[];
  beforeAll(async () => {
    smtp = await SmtpPeer.create(cleanup);
    t = await createTestApp({ SMTP_URL: smtp.url });
    cleanup.add('app', () => t.close());
  });
  beforeEach(async () => {
    await t.reset();
    smtp.received.length = 0;
    smtp.refuseWith451 = false;
    customers = await Promise.all([1, 2, 3].map(() => registerCustomer(t.app)));
  });
  afterAll(() => cleanup.run());

  const pending = async () =>
    (
      await queryRows<{ n: number }>(
        t.app.ctx.db,
        sql`select count(*)::int as n from jobs where kind = 'send-email' and done_at is null and failed_at is null`,
      )
    )[0]!.n;
  const attemptAll = async () => {
    await t.app.ctx.db.execute(sql`update jobs set run_at = now() where done_at is null and failed_at is null`);
    await t.app.jobs.drain();
  };
  /** Three support requests and three reset codes: six messages. */
  const sendMail = async () => {
    for (const c of customers) {
      const support = await t.app.inject({
        method: 'POST',
        url: '/api/support',
        headers: c.headers,
        payload: { email: c.user.email, msg: 'Where is my traffic?' },
      });
      expect(support.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'PUT', url: `/api/users/otp/${c.user.email}` })).statusCode).toBe(200);
    }
  };
  const expectEachDeliveredOnce = () => {
    for (const c of customers) {
      expect(smtp.count(`Support request from ${c.user.username}`)).toBe(1);
      expect(smtp.received.filter((m) => m.to.includes(c.user.email) && m.raw.includes('Subject: Your password reset code'))).toHaveLength(
        1,
      );
    }
    expect(smtp.received).toHaveLength(6);
  };

  it('nothing listening: every message waits; started again on the same port, each is delivered once', async () => {
    await smtp.stop();
    await sendMail();
    await attemptAll();
    await attemptAll();
    expect(await pending()).toBe(6);
    const errors = await queryRows<{ status: string; last_error: string | null }>(t.app.ctx.db, sql`select status, last_error from emails`);
    expect(errors).toHaveLength(6);
    for (const e of errors) expect(e).toMatchObject({ status: 'queued', last_error: expect.stringMatching(/ECONNREFUSED|connect/i) });

    await smtp.start();
    for (let round = 0; round < 5 && (await pending()) > 0; round++) await attemptAll();
    expect(await pending()).toBe(0);
    expectEachDeliveredOnce();
    // More passes of the runner send nothing again.
    await attemptAll();
    await t.app.jobs.drain();
    expectEachDeliveredOnce();
    const sent = await queryRows<{ status: string }>(t.app.ctx.db, sql`select status from emails`);
    expect(sent.every((e) => e.status === 'sent')).toBe(true);
  });

  it('answering 451 (try again later): retried, then delivered once', async () => {
    await smtp.start();
    smtp.refuseWith451 = true;
    await sendMail();
    await attemptAll();
    expect(await pending()).toBe(6);
    expect(smtp.received).toHaveLength(0);

    smtp.refuseWith451 = false;
    for (let round = 0; round < 5 && (await pending()) > 0; round++) await attemptAll();
    expect(await pending()).toBe(0);
    expectEachDeliveredOnce();
  });
});
