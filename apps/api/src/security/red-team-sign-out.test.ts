import { randomUUID } from 'node:crypto';
import { schema } from '@traffic/db';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { login, registerCustomer, type Session } from '../test-support/accounts.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team finding: signing out only forgot the token in the browser; a copy of it (a
 * shared computer, a leaked log, a stolen localStorage) kept working for its whole 7 days.
 */
describe('red team: a token after sign-out', () => {
  let customer: Session & { password: string };
  const t = useTestApp();
  beforeEach(async () => {
    customer = await registerCustomer(t.app);
  });

  const load = (session: Session) =>
    t.app.inject({ method: 'POST', url: `/api/users/load/${session.user.email}`, headers: session.headers });
  const signOut = (session: Session) => t.app.inject({ method: 'POST', url: '/api/users/logout', headers: session.headers });

  it('answers 401 to the signed-out token on every call, at once', async () => {
    expect((await load(customer)).statusCode).toBe(200);
    const res = await signOut(customer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const after = await load(customer);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Your session has ended. Please log in again.' });
    const support = await t.app.inject({
      method: 'POST',
      url: '/api/support',
      headers: customer.headers,
      payload: { email: customer.user.email, msg: 'hi' },
    });
    expect(support.statusCode).toBe(401);
    expect((await signOut(customer)).statusCode).toBe(401);
  });

  it('ends only the session signed out of: the same account on another device stays signed in', async () => {
    const phone = await login(t.app, customer.user.username, customer.password);
    expect((await signOut(customer)).statusCode).toBe(200);
    expect((await load(customer)).statusCode).toBe(401);
    expect((await load(phone)).statusCode).toBe(200);
    const again = await login(t.app, customer.user.username, customer.password);
    expect((await load(again)).statusCode).toBe(200);
  });

  it("refuses a signed token that names no session, or another account's session", async () => {
    const noSession = t.app.jwt.sign({ sub: String(customer.user.id), sv: 0 } as never);
    const other = await registerCustomer(t.app);
    const [otherSession] = await t.app.ctx.db.select().from(schema.sessions).where(eq(schema.sessions.userId, other.user.id));
    const borrowed = t.app.jwt.sign({ sub: String(customer.user.id), jti: otherSession!.id });
    const unknown = t.app.jwt.sign({ sub: String(customer.user.id), jti: randomUUID() });
    for (const token of [noSession, borrowed, unknown]) {
      expect((await load({ ...customer, token, headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    }
    expect((await load(other)).statusCode).toBe(200);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/users/logout'] ?? {})).toEqual(['post']);
  });

  it('needs a session to sign out of', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});
