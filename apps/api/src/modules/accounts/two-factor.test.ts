import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { TEST_ADMIN } from '../../test-support/test-app.ts';
import { loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { codeAt, enrolTwoFactor } from '../../test-support/two-factor.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const { users, recoveryCodes, auditEvents, auditRepeats, emails } = schema;
const STEP_MS = 30_000;

describe('two-factor sign-in (TOTP)', () => {
  let customer: Session & { password: string };
  const t = useTestApp();
  beforeEach(async () => {
    customer = await registerCustomer(t.app);
  });

  const loginStep = (password = customer.password) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: customer.user.email, password } });
  const codeStep = (challenge: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login/two-factor', payload: { challenge, code } });
  const challenge = async () => {
    const res = await loginStep();
    expect(res.statusCode).toBe(200);
    const body = res.json() as { twoFactorRequired?: boolean; challenge: string; token?: string };
    expect(body.twoFactorRequired).toBe(true);
    expect(body.token).toBeUndefined();
    return body.challenge;
  };
  const actions = async (userId: number) =>
    (await t.app.ctx.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, userId))).map((e) => e.action);

  it('enrols with a QR code and a manual key, confirmed by a code; keeps the secret sealed and the recovery codes hashed', async () => {
    const setup = await t.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers: customer.headers });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json() as { secret: string; otpauthUrl: string; qrCode: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode.startsWith('data:image/svg+xml;base64,')).toBe(true);
    // Not on until a code confirms it: sign-in still needs only the password.
    expect((await loginStep()).json()).toHaveProperty('token');

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/enable',
      headers: customer.headers,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/enable',
      headers: customer.headers,
      payload: { password: customer.password, code: await codeAt(secret, t.clock.now()) },
    });
    expect(enabled.statusCode).toBe(200);
    const codes = (enabled.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);

    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, customer.user.id));
    expect(row!.totpEnabledAt).not.toBeNull();
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.totpPendingSecret).toBeNull();
    const stored = await t.app.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, customer.user.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(stored.some((s) => s.codeHash.includes(code.replace('-', '')))).toBe(false);

    const overview = await t.app.inject({ method: 'GET', url: '/api/account/security', headers: customer.headers });
    expect(overview.json().twoFactor).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(await actions(customer.user.id)).toContain('two_factor_on');
    const again = await t.app.inject({ method: 'POST', url: '/api/account/two-factor/setup', headers: customer.headers });
    expect(again.statusCode).toBe(409);
  });

  it('asks for the code after the password; a code works once; a recovery code works once', async () => {
    const { secret, recoveryCodes: codes } = await enrolTwoFactor(t.app, customer, customer.password, t.clock.now);
    t.clock.advance(STEP_MS);
    const code = await codeAt(secret, t.clock.now());
    const first = await codeStep(await challenge(), code);
    expect(first.statusCode).toBe(200);
    const session = first.json() as { token: string; data: { email: string } };
    expect(session.data.email).toBe(customer.user.email);
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/api/account/security',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(signedIn.statusCode).toBe(200);

    // The same code again (a replay, even with a fresh challenge) is refused.
    const replay = await codeStep(await challenge(), code);
    expect(replay.statusCode).toBe(400);

    const recovery = await codeStep(await challenge(), codes[3]!.toUpperCase());
    expect(recovery.statusCode).toBe(200);
    const reused = await codeStep(await challenge(), codes[3]!);
    expect(reused.statusCode).toBe(400);
    const overview = await t.app.inject({
      method: 'GET',
      url: '/api/account/security',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(overview.json().twoFactor.recoveryCodesLeft).toBe(9);
    const seen = await actions(customer.user.id);
    expect(seen.filter((a) => a === 'sign_in')).toHaveLength(2);
    expect(seen).toContain('recovery_code_used');
    expect(seen.filter((a) => a === 'sign_in_failed')).toHaveLength(2);
  });

  it('counts wrong codes in the lockout: the sixth try is refused even with the right code', async () => {
    const { secret } = await enrolTwoFactor(t.app, customer, customer.password, t.clock.now);
    const c = await challenge();
    for (let i = 0; i < 5; i++) expect((await codeStep(c, '123456')).statusCode).toBe(400);
    t.clock.advance(STEP_MS);
    const locked = await codeStep(c, await codeAt(secret, t.clock.now()));
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // The password step is locked too: it is the same account.
    expect((await loginStep()).statusCode).toBe(429);
    expect(await actions(customer.user.id)).toContain('sign_in_locked');
  });

  it('refuses a challenge as a session token, a session token as a challenge, and a challenge issued before a password change', async () => {
    await enrolTwoFactor(t.app, customer, customer.password, t.clock.now);
    const c = await challenge();
    const asBearer = await t.app.inject({ method: 'GET', url: '/api/account/security', headers: { authorization: `Bearer ${c}` } });
    expect(asBearer.statusCode).toBe(401);
    expect((await codeStep(customer.token, '123456')).statusCode).toBe(401);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: customer.headers,
      payload: { currentPassword: customer.password, password: 'a-new-password-9' },
    });
    expect(changed.statusCode).toBe(200);
    const stale = await codeStep(c, '123456');
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('Your sign-in has expired. Please sign in again.');
  });

  it('turns off only with the password and a code, and mails the owner', async () => {
    const { secret } = await enrolTwoFactor(t.app, customer, customer.password, t.clock.now);
    t.clock.advance(STEP_MS);
    const disable = (password: string, code: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/two-factor/disable', headers: customer.headers, payload: { password, code } });
    expect((await disable('wrong-password', await codeAt(secret, t.clock.now()))).statusCode).toBe(400);
    expect((await disable(customer.password, '000000')).statusCode).toBe(400);
    // Recorded as what they were: checks behind a session, not failed sign-ins (the second, a repeat
    // within minutes, is counted toward one record with a count: docs/decisions/0024-accountable-admins.md).
    const wrongTries = await actions(customer.user.id);
    expect(wrongTries.filter((a) => a === 'security_check_failed')).toHaveLength(1);
    const [counted] = await t.app.ctx.db.select().from(auditRepeats).where(eq(auditRepeats.subjectUserId, customer.user.id));
    expect(counted).toMatchObject({ action: 'security_check_failed', repeats: 1 });
    expect(wrongTries).not.toContain('sign_in_failed');
    expect((await t.app.ctx.db.select().from(users).where(eq(users.id, customer.user.id)))[0]!.totpEnabledAt).not.toBeNull();
    t.clock.advance(STEP_MS);
    expect((await disable(customer.password, await codeAt(secret, t.clock.now()))).statusCode).toBe(200);
    expect((await loginStep()).json()).toHaveProperty('token');
    expect(await t.app.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, customer.user.id))).toHaveLength(0);
    const mails = await t.app.ctx.db.select().from(emails).where(eq(emails.to, customer.user.email));
    expect(mails.map((m) => m.subject)).toContain('Two-factor sign-in was turned off');
    expect(await actions(customer.user.id)).toContain('two_factor_off');
  });

  it("lets an admin turn off a customer's two-factor sign-in (lost app and codes): recorded, mailed, never another admin's", async () => {
    const { recoveryCodes: codes } = await enrolTwoFactor(t.app, customer, customer.password, t.clock.now);
    const admin = await loginAdmin(t.app);
    const reset = (email: string, session: Session = admin) =>
      t.app.inject({ method: 'POST', url: `/api/admin/users/${encodeURIComponent(email)}/two-factor/reset`, headers: session.headers });
    const pending = await challenge(); // a code step begun before the reset

    const byCustomer = await reset(customer.user.email, customer);
    expect(byCustomer.statusCode).toBe(403);
    expect(await t.app.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, customer.user.id))).toHaveLength(10);

    expect((await reset(customer.user.email.toUpperCase())).statusCode).toBe(200);
    // The password alone signs in now; the old recovery codes and the pending code step are void.
    expect((await loginStep()).json()).toHaveProperty('token');
    expect(await t.app.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, customer.user.id))).toHaveLength(0);
    const stale = await codeStep(pending, codes[0]!);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe('Your sign-in has expired. Please sign in again.');
    const mails = await t.app.ctx.db.select().from(emails).where(eq(emails.to, customer.user.email));
    expect(mails.filter((m) => m.subject === 'Two-factor sign-in was turned off').map((m) => m.text)).toEqual([
      expect.stringContaining('An administrator turned off two-factor sign-in for your account'),
    ]);
    const [record] = await t.app.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'user_two_factor_reset'));
    expect(record).toMatchObject({
      actorEmail: TEST_ADMIN.email,
      subjectUserId: customer.user.id,
      before: { twoFactor: 'on' },
      after: { twoFactor: 'off' },
    });

    const again = await reset(customer.user.email);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Two-factor sign-in is already off for this user.');
    expect((await reset('nobody@example.com')).statusCode).toBe(404);
    const ofAdmin = await reset(TEST_ADMIN.email);
    expect(ofAdmin.statusCode).toBe(403);
    expect(ofAdmin.json().message).toBe("An administrator's two-factor sign-in can only be turned off by that administrator.");
  });

  it('replaces the recovery codes with a code: the old ones stop working', async () => {
    const { secret, recoveryCodes: old } = await enrolTwoFactor(t.app, customer, customer.password, t.clock.now);
    t.clock.advance(STEP_MS);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/two-factor/recovery-codes',
      headers: customer.headers,
      payload: { code: await codeAt(secret, t.clock.now()) },
    });
    expect(res.statusCode).toBe(200);
    const fresh = (res.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect((await codeStep(await challenge(), old[0]!)).statusCode).toBe(400);
    expect((await codeStep(await challenge(), fresh[0]!)).statusCode).toBe(200);
  });
});

describe('two-factor sign-in required of admins', () => {
  const t = useTestApp({ ADMIN_TWO_FACTOR: 'required' });

  it('answers TWO_FACTOR_REQUIRED on admin routes until the admin enrols; their own account still works', async () => {
    const admin = await loginAdmin(t.app);
    const before = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.headers });
    expect(before.statusCode).toBe(403);
    expect(before.json().code).toBe('TWO_FACTOR_REQUIRED');
    const overview = await t.app.inject({ method: 'GET', url: '/api/account/security', headers: admin.headers });
    expect(overview.json().twoFactor).toMatchObject({ enabled: false, required: true });
    await enrolTwoFactor(t.app, admin, TEST_ADMIN.password, t.clock.now);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.headers });
    expect(after.statusCode).toBe(200);
  });

  it('is on by default in live mode only', async () => {
    const { loadConfig } = await import('../../config.ts');
    const { LIVE_TEST_ENV, testEnv } = await import('../../test-support/test-app.ts');
    expect(loadConfig(testEnv(LIVE_TEST_ENV)).adminTwoFactorRequired).toBe(true);
    expect(loadConfig(testEnv({ ...LIVE_TEST_ENV, ADMIN_TWO_FACTOR: 'optional' })).adminTwoFactorRequired).toBe(false);
    expect(loadConfig(testEnv()).adminTwoFactorRequired).toBe(false);
  });
});
