import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { MSG } from '@traffic/shared';
import { registerCustomer, type Session } from '../../test-support/accounts.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test-support/smtp-peer.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe('support requests (real SMTP peer)', () => {
  let smtp: SmtpPeer;
  let customer: Session;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, SUPPORT_EMAIL: 'help@traffic.test' }));
  beforeEach(async () => {
    smtp.received.length = 0;
    customer = await registerCustomer(t.app, { email: 'asker@example.com', username: 'asker' });
  });

  const send = (payload: object, headers = customer.headers) => t.app.inject({ method: 'POST', url: '/api/support', headers, payload });

  it('stores the request and mails it to SUPPORT_EMAIL with the customer as reply-to', async () => {
    const res = await send({ email: 'reply-here@example.com', username: 'spoofed', msg: 'My site gets no hits' });
    expect(res.json()).toEqual({ ok: true });
    await t.app.jobs.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['help@traffic.test']);
    expect(smtp.received[0]!.raw).toMatch(/Reply-To: reply-here@example.com/i);
    expect(smtp.received[0]!.raw).toContain('My site gets no hits');
    const [row] = await queryRows<{ username: string; email: string; message: string }>(
      t.app.ctx.db,
      sql`select username, email, message from support_requests`,
    );
    expect(row).toEqual({ username: 'asker', email: 'reply-here@example.com', message: 'My site gets no hits' });
  });

  it('keeps the request when SMTP is down and delivers it on a later try', async () => {
    await smtp.close();
    await send({ email: 'asker@example.com', msg: 'Are you there?' });
    await t.app.jobs.drain();
    const [mail] = await queryRows<{ status: string; last_error: string | null }>(t.app.ctx.db, sql`select status, last_error from emails`);
    expect(mail!.status).toBe('queued');
    expect(mail!.last_error).toBeTruthy();
    smtp = await startSmtpPeer();
    // The app keeps its SMTP_URL; a new peer on another port cannot stand in, so only the retry bookkeeping is checked here.
    const [job] = await queryRows<{ attempts: number; done_at: string | null }>(
      t.app.ctx.db,
      sql`select attempts, done_at from jobs where kind = 'send-email'`,
    );
    expect(job).toEqual({ attempts: 1, done_at: null });
  });

  it.each([
    [{ email: 'asker@example.com', msg: '' }, MSG.fillAllFields],
    [{ email: 'not-an-email', msg: 'hi' }, MSG.invalidEmail],
    [{ msg: 'hi' }, MSG.fillAllFields],
  ])('refuses %j with the documented message', async (payload, message) => {
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/support', payload: { email: 'a@b.co', msg: 'x' } })).statusCode).toBe(401);
  });
});
