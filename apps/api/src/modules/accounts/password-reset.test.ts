import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared';
import { LIVE_TEST_ENV, createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { registerCustomer } from '../../test-support/accounts.ts';
import { startSmtpPeer, type SmtpPeer } from '../../test-support/smtp-peer.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe('password reset by mailed code (real SMTP peer)', () => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtpPeer();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => ({ SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@traffic.test' }));
  beforeEach(() => {
    smtp.received.length = 0;
  });

  /** Asks for a code, lets the job runner deliver it over SMTP, and reads it from the received mail. */
  async function requestCode(email: string): Promise<string> {
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/otp/${email}` });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();
    const mail = smtp.received.at(-1);
    expect(mail?.to).toEqual([email]);
    const code = /reset code is (\d{6})/.exec(mail!.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    return code!;
  }

  const verify = (email: string, otp: string) => t.app.inject({ method: 'POST', url: '/api/users/otp', payload: { email, otp } });
  const setPassword = (email: string, password: string, resetToken = 'no-token') =>
    t.app.inject({ method: 'POST', url: '/api/users/password', payload: { email, password, resetToken } });
  /** Verifies the code and answers the reset token it hands out. */
  async function tokenFor(email: string, code: string): Promise<string> {
    const res = await verify(email, code);
    expect(res.statusCode, res.body).toBe(200);
    const { resetToken } = res.json() as { resetToken: string };
    expect(resetToken).toMatch(/^[\w-]{40,}$/);
    return resetToken;
  }
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password } });

  it('mails a code, verifies it, sets the new password once, and ends every existing session', async () => {
    const me = await registerCustomer(t.app, { email: 'reset@example.com', password: 'old-password' });
    const code = await requestCode('reset@example.com');
    expect(smtp.received[0]!.from).toBe('no-reply@traffic.test');

    const token = await tokenFor('reset@example.com', code);
    expect((await setPassword('reset@example.com', 'brand-new-password', token)).json()).toEqual({ ok: true });

    expect((await login('reset@example.com', 'old-password')).statusCode).toBe(401);
    expect((await login('reset@example.com', 'brand-new-password')).statusCode).toBe(200);
    const oldSession = await t.app.inject({ method: 'POST', url: '/api/users/load/reset@example.com', headers: me.headers });
    expect(oldSession.statusCode).toBe(401);

    // The token is spent, and the code cannot be verified again for a second one.
    expect((await setPassword('reset@example.com', 'third-password', token)).statusCode).toBe(403);
    expect((await verify('reset@example.com', code)).statusCode).toBe(400);
  });

  it('answers a malformed email with the documented text, and an unknown one like a registered one (sending nothing)', async () => {
    const malformed = await t.app.inject({ method: 'PUT', url: '/api/users/otp/not-an-email' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MSG.otpSendFailed);
    const unknown = await t.app.inject({ method: 'PUT', url: '/api/users/otp/ghost@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ ok: true });
    await t.app.jobs.drain();
    expect(smtp.received).toHaveLength(0);
    // Any code for it is simply wrong.
    expect((await verify('ghost@example.com', '123456')).json()).toEqual({ code: 'BAD_REQUEST', message: MSG.otpVerifyFailed });
  });

  it('refuses a wrong, empty or expired code with the documented texts', async () => {
    await registerCustomer(t.app, { email: 'exp@example.com' });
    const code = await requestCode('exp@example.com');
    expect((await verify('exp@example.com', '')).json().message).toBe(MSG.invalidOtp);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await verify('exp@example.com', wrong)).json()).toEqual({ code: 'BAD_REQUEST', message: MSG.otpVerifyFailed });
    t.clock.advance(10 * 60 * 1000 + 1);
    expect((await verify('exp@example.com', code)).json().message).toBe(MSG.otpVerifyFailed);
  });

  it('voids a code after 5 wrong tries', async () => {
    await registerCustomer(t.app, { email: 'tries@example.com' });
    const code = await requestCode('tries@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify('tries@example.com', wrong)).statusCode).toBe(400);
    expect((await verify('tries@example.com', code)).statusCode).toBe(400);
  });

  it('refuses a new password without a verified code, or once the verification is older than 10 minutes', async () => {
    await registerCustomer(t.app, { email: 'noverify@example.com', password: 'old-password' });
    expect((await setPassword('noverify@example.com', 'new-password-1')).statusCode).toBe(403);
    const code = await requestCode('noverify@example.com');
    expect((await setPassword('noverify@example.com', 'new-password-1')).statusCode).toBe(403);
    const token = await tokenFor('noverify@example.com', code);
    t.clock.advance(10 * 60 * 1000 + 1);
    const late = await setPassword('noverify@example.com', 'new-password-1', token);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('Verify the code sent to your email first.');
    expect((await login('noverify@example.com', 'old-password')).statusCode).toBe(200);
  });

  it('sends at most 3 codes per email per 15 minutes; only the newest code counts', async () => {
    await registerCustomer(t.app, { email: 'many@example.com' });
    const first = await requestCode('many@example.com');
    await requestCode('many@example.com');
    const third = await requestCode('many@example.com');
    const fourth = await t.app.inject({ method: 'PUT', url: '/api/users/otp/many@example.com' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('RATE_LIMITED');
    if (first !== third) expect((await verify('many@example.com', first)).statusCode).toBe(400);
    expect((await verify('many@example.com', third)).statusCode).toBe(200);
    t.clock.advance(15 * 60 * 1000 + 1000);
    await requestCode('many@example.com');
  });

  it('unlocks a locked-out account once the password is reset', async () => {
    await registerCustomer(t.app, { email: 'locked@example.com', password: 'old-password' });
    for (let i = 0; i < 5; i++) await login('locked@example.com', 'wrong-password');
    expect((await login('locked@example.com', 'old-password')).statusCode).toBe(429);
    const code = await requestCode('locked@example.com');
    await setPassword('locked@example.com', 'fresh-password', await tokenFor('locked@example.com', code));
    expect((await login('locked@example.com', 'fresh-password')).statusCode).toBe(200);
  });
});

describe('password reset without SMTP: the outbox', () => {
  const t = useTestApp({}, 'never');

  it('keeps the mail in the outbox and lists it at /sandbox/mail', async () => {
    await t.reset();
    await registerCustomer(t.app, { email: 'outbox@example.com' });
    await t.app.inject({ method: 'PUT', url: '/api/users/otp/outbox@example.com' });
    await t.app.jobs.drain();
    // Read on the server's own machine: the outbox answers nobody else but an admin (decision 0015).
    const page = await t.app.inject({ method: 'GET', url: '/sandbox/mail', remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('outbox@example.com');
    expect(page.body).toMatch(/reset code is \d{6}/);
    expect(page.body).toContain('outbox');
  });
});

describe('live mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(LIVE_TEST_ENV);
  });
  afterAll(() => t.close());

  it('answers 404 under /sandbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/mail' });
    expect(res.statusCode).toBe(404);
  });
});
