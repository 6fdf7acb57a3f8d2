import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { registerCustomer } from '../test-support/accounts.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/**
 * Red-team findings on accounts, each performed as the attack was described: a stranger finishing
 * someone else's password reset, and strangers locking an owner out (or learning who has an account)
 * through the sign-in lockout.
 */
describe('red team: password reset and sign-in lockout', () => {
  const t = useTestApp();

  const OWNER = '198.51.100.7';
  const STRANGER = '203.0.113.66';
  const login = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', remoteAddress, payload: { username, password } });

  /** The owner asks for a code and reads it from the outbox (the stranger never sees it). */
  async function ownerCode(email: string): Promise<string> {
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/otp/${email}`, remoteAddress: OWNER })).statusCode).toBe(200);
    await t.app.jobs.drain();
    const [mail] = await t.app.ctx.db
      .select()
      .from(schema.emails)
      .where(eq(schema.emails.to, email))
      .orderBy(desc(schema.emails.id))
      .limit(1);
    return /reset code is (\d{6})/.exec(mail!.text)![1]!;
  }

  it('a stranger cannot set the password after the owner verified the code', async () => {
    await registerCustomer(t.app, { email: 'owner@example.com', password: 'owner-password' });
    const code = await ownerCode('owner@example.com');
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/users/otp',
      remoteAddress: OWNER,
      payload: { email: 'owner@example.com', otp: code },
    });
    expect(verified.statusCode).toBe(200);

    // The attack: within the 10 minutes, anyone posts the email and a password of their choosing.
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/users/password',
      remoteAddress: STRANGER,
      payload: { email: 'owner@example.com', password: 'attacker-password' },
    });
    expect(bare.statusCode).toBe(400);
    const guessed = await t.app.inject({
      method: 'POST',
      url: '/api/users/password',
      remoteAddress: STRANGER,
      payload: { email: 'owner@example.com', password: 'attacker-password', resetToken: 'A'.repeat(43) },
    });
    expect(guessed.statusCode).toBe(403);
    expect((await login('owner@example.com', 'attacker-password', STRANGER)).statusCode).toBe(401);

    // The owner's browser, holding the token, finishes the reset once.
    const { resetToken } = verified.json() as { resetToken: string };
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/users/password',
      remoteAddress: OWNER,
      payload: { email: 'owner@example.com', password: 'owner-new-password', resetToken },
    });
    expect(own.statusCode).toBe(200);
    expect((await login('owner@example.com', 'owner-new-password', OWNER)).statusCode).toBe(200);
  });

  it('the token is stored hashed, never as handed out', async () => {
    await registerCustomer(t.app, { email: 'hashed@example.com' });
    const code = await ownerCode('hashed@example.com');
    const { resetToken } = (
      await t.app.inject({ method: 'POST', url: '/api/users/otp', payload: { email: 'hashed@example.com', otp: code } })
    ).json() as { resetToken: string };
    const rows = await t.app.ctx.db.select().from(schema.passwordResets);
    expect(rows.some((r) => r.tokenHash && r.tokenHash !== resetToken && r.tokenHash.length === 64)).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(resetToken);
  });

  it('a newer code voids an older one and its token, even after the newer one is used', async () => {
    await registerCustomer(t.app, { email: 'twice@example.com', password: 'owner-password' });
    const verify = async (code: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/otp', remoteAddress: OWNER, payload: { email: 'twice@example.com', otp: code } });
    const set = (password: string, resetToken: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/password',
        remoteAddress: OWNER,
        payload: { email: 'twice@example.com', password, resetToken },
      });
    const oldToken = ((await verify(await ownerCode('twice@example.com'))).json() as { resetToken: string }).resetToken;
    const codeA = await ownerCode('twice@example.com');
    const codeB = await ownerCode('twice@example.com');
    expect((await set('stale-token-password', oldToken)).statusCode).toBe(403);
    const tokenB = ((await verify(codeB)).json() as { resetToken: string }).resetToken;
    expect((await set('owner-new-password', tokenB)).statusCode).toBe(200);
    // Code A was superseded by B: it does not come back once B is spent.
    if (codeA !== codeB) expect((await verify(codeA)).statusCode).toBe(400);
    expect((await set('stale-token-password', oldToken)).statusCode).toBe(403);
    expect((await login('twice@example.com', 'owner-new-password', OWNER)).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so new addresses of one host do not reset the count', async () => {
    await registerCustomer(t.app, { username: 'v6owner', password: 'owner-password' });
    for (let i = 1; i <= 5; i++) expect((await login('v6owner', 'wrong-password', `2001:db8:99::${i}`)).statusCode).toBe(401);
    expect((await login('v6owner', 'owner-password', '2001:db8:99::ff')).statusCode).toBe(429);
    expect((await login('v6owner', 'owner-password', '2001:db8:98::1')).statusCode).toBe(200);
  });

  it('five wrong passwords from a stranger do not lock the owner out', async () => {
    await registerCustomer(t.app, { username: 'owner', password: 'owner-password' });
    for (let i = 0; i < 6; i++) await login('owner', `guess-${i}-guess`, STRANGER);
    expect((await login('owner', 'owner-password', STRANGER)).statusCode).toBe(429);
    expect((await login('owner', 'owner-password', OWNER)).statusCode).toBe(200);
  });

  it('the email and the username of one account share one count from an address', async () => {
    await registerCustomer(t.app, { email: 'two-names@example.com', username: 'twonames', password: 'owner-password' });
    for (let i = 0; i < 3; i++) await login('twonames', 'wrong-password', STRANGER);
    for (let i = 0; i < 2; i++) await login('TWO-NAMES@example.com', 'wrong-password', STRANGER);
    expect((await login('twonames', 'owner-password', STRANGER)).statusCode).toBe(429);
  });

  it('a refusal never tells whether the name has an account', async () => {
    await registerCustomer(t.app, { username: 'realperson', password: 'owner-password' });
    const answers = async (name: string) => {
      const out: { status: number; body: unknown }[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await login(name, 'wrong-password', STRANGER);
        out.push({ status: res.statusCode, body: res.json() });
      }
      return out;
    };
    const known = await answers('realperson');
    const unknown = await answers('nosuchperson');
    expect(known.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(unknown.map((a) => a.status)).toEqual(known.map((a) => a.status));
    // Same bodies, up to the time in the message (both windows started within the same second or so).
    const shape = (a: { body: unknown }) => JSON.stringify(a.body).replace(/\d+ minutes? \(after [^)]+\)/, 'N minutes');
    expect(unknown.map(shape)).toEqual(known.map(shape));
  });
});
