import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import type { User } from '@traffic/shared';
import { loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const { auditEvents, emails, sessions } = schema;
const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

describe('sessions', () => {
  let customer: Session & { password: string };
  const t = useTestApp();
  beforeEach(async () => {
    customer = await registerCustomer(t.app);
  });

  const signIn = async (userAgent: string, address = '10.9.0.1'): Promise<Session> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      remoteAddress: address,
      headers: { 'user-agent': userAgent },
      payload: { username: customer.user.username, password: customer.password },
    });
    expect(res.statusCode).toBe(200);
    const { token, data } = res.json() as { token: string; data: User };
    return { token, user: data, headers: { authorization: `Bearer ${token}` } };
  };
  const overview = (s: Session) => t.app.inject({ method: 'GET', url: '/api/account/security', headers: s.headers });
  const works = async (s: Session) => (await overview(s)).statusCode === 200;
  const mailSubjects = async () =>
    (await t.app.ctx.db.select().from(emails).where(eq(emails.to, customer.user.email))).map((m) => m.subject);

  it('lists each sign-in with its device, address and times, and marks this one', async () => {
    const laptop = await signIn(CHROME_LINUX, '10.9.0.7');
    await signIn(SAFARI_IPHONE);
    const res = await overview(laptop);
    expect(res.statusCode).toBe(200);
    const list = res.json().sessions as {
      id: string;
      device: string;
      ip: string;
      current: boolean;
      createdAt: string;
      lastSeenAt: string;
    }[];
    expect(list).toHaveLength(3);
    expect(list.find((s) => s.current)).toMatchObject({ device: 'Chrome on Linux', ip: '10.9.0.7' });
    expect(list.map((s) => s.device)).toContain('Safari on iOS');
    for (const s of list) expect(Date.parse(s.lastSeenAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
  });

  it('signs out one other session, which is refused from then on; another account cannot end it', async () => {
    const laptop = await signIn(CHROME_LINUX);
    const phone = await signIn(SAFARI_IPHONE);
    const phoneId = ((await overview(phone)).json().sessions as { id: string; current: boolean }[]).find((s) => s.current)!.id;
    const stranger = await registerCustomer(t.app);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
    expect(await works(phone)).toBe(true);

    const ended = await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: laptop.headers });
    expect(ended.statusCode).toBe(200);
    const refused = await overview(phone);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Your session has ended. Please log in again.');
    expect(await works(laptop)).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${phoneId}`, headers: laptop.headers })).statusCode).toBe(
      404,
    );
  });

  it('signs out everywhere else, keeping this session', async () => {
    const laptop = await signIn(CHROME_LINUX);
    const phone = await signIn(SAFARI_IPHONE);
    const res = await t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: laptop.headers });
    expect(res.json()).toEqual({ ended: 2 });
    expect(await works(laptop)).toBe(true);
    expect(await works(phone)).toBe(false);
    expect(await works(customer)).toBe(false);
    const actions = (await t.app.ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, customer.user.id))).map(
      (e) => e.action,
    );
    expect(actions).toContain('other_sessions_ended');
  });

  it('a password change needs the current password, ends every other session and mails the owner', async () => {
    const laptop = await signIn(CHROME_LINUX);
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: laptop.headers,
        payload: { currentPassword, password: 'brand-new-password-1' },
      });
    const wrong = await change('not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Your current password is not right.');
    expect(await works(customer)).toBe(true);

    expect((await change(customer.password)).statusCode).toBe(200);
    expect(await works(laptop)).toBe(true);
    expect(await works(customer)).toBe(false);
    expect(await mailSubjects()).toContain('Your password was changed');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: customer.user.email, password: customer.password },
    });
    expect(old.statusCode).toBe(401);
  });

  it('lets an admin end every session of a customer, recorded in the audit log', async () => {
    const phone = await signIn(SAFARI_IPHONE);
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/users/${customer.user.email}/sessions/end`, headers: admin.headers });
    expect(res.json()).toEqual({ ended: 2 });
    expect(await works(phone)).toBe(false);
    expect(await works(customer)).toBe(false);
    expect(await works(admin)).toBe(true);
    const [record] = await t.app.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'user_sessions_ended'));
    expect(record).toMatchObject({
      actorEmail: admin.user.email,
      targetType: 'user',
      targetLabel: customer.user.email,
      after: { ended: 2 },
    });
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/users/nobody@example.com/sessions/end', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    const asCustomer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${customer.user.email}/sessions/end`,
      headers: phone.headers,
    });
    expect(asCustomer.statusCode).toBe(401);
  });

  it('mails the owner on a sign-in from a new device, once per device', async () => {
    await signIn(CHROME_LINUX);
    await signIn(CHROME_LINUX);
    expect((await mailSubjects()).filter((s) => s === 'New sign-in to your account')).toHaveLength(1);
    await signIn(SAFARI_IPHONE);
    expect((await mailSubjects()).filter((s) => s === 'New sign-in to your account')).toHaveLength(2);
    const [mail] = await t.app.ctx.db.select().from(emails).where(eq(emails.subject, 'New sign-in to your account'));
    expect(mail!.text).toContain('Chrome on Linux');
  });

  it('stamps last seen at most once a minute without delaying the call', async () => {
    const laptop = await signIn(CHROME_LINUX);
    const id = ((await overview(laptop)).json().sessions as { id: string; current: boolean }[]).find((s) => s.current)!.id;
    const seen = async () => (await t.app.ctx.db.select().from(sessions).where(eq(sessions.id, id)))[0]!.lastSeenAt.getTime();
    const first = await seen();
    t.clock.advance(5 * 60_000);
    await overview(laptop);
    await expect.poll(seen).toBeGreaterThan(first);
  });
});
