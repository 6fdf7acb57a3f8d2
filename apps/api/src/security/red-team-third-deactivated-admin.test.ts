import { beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { TEST_ADMIN } from '../test-support/test-app.ts';
import { login, loginAdmin, registerCustomer, type Session } from '../test-support/accounts.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team, third pass: deactivating an administrator must take their powers away. Before the fix,
 * the admin guard checked the role and never the status, sign-in ignored the status, and a
 * deactivated admin kept every power, re-activated themselves and signed straight back in.
 */
const { users } = schema;

describe('red team (third pass): a deactivated administrator loses power', () => {
  let first: Session;
  let second: Session & { password: string };
  const t = useTestApp();
  beforeEach(async () => {
    first = await loginAdmin(t.app);
    const registered = await registerCustomer(t.app);
    await t.app.ctx.db.update(users).set({ role: 'ROLE_ADMIN', status: 'ACTIVE' }).where(eq(users.id, registered.user.id));
    second = { ...(await login(t.app, registered.user.email, registered.password)), password: registered.password };
  });

  const put = (who: Session, verb: 'activate' | 'deactivate', email: string) =>
    t.app.inject({ method: 'PUT', url: `/api/users/${verb}/${encodeURIComponent(email)}`, headers: who.headers });
  const auditLog = (who: Session) => t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: who.headers });
  const statusOf = async (id: number) =>
    (await t.app.ctx.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]!.status;

  it('deactivation ends the admin sessions at once, and the admin cannot sign back in', async () => {
    expect((await auditLog(second)).statusCode).toBe(200);
    const res = await put(first, 'deactivate', second.user.email);
    expect(res.statusCode, res.body).toBe(200);
    // The session they held is over: no admin route, no re-activation of themselves.
    expect((await auditLog(second)).statusCode).toBe(401);
    expect((await put(second, 'activate', second.user.email)).statusCode).toBe(401);
    expect(await statusOf(second.user.id)).toBe('DEACTIVATED');
    // And the password no longer opens a session.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { username: second.user.email, password: second.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(403);
    expect(signIn.json()).not.toHaveProperty('token');
    expect(signIn.json().message).toMatch(/deactivated/);
  });

  it('a non-ACTIVE administrator who still holds a session is refused by every admin route', async () => {
    // The status changed under a live session (e.g. directly in the database): the guard reads it.
    await t.app.ctx.db.update(users).set({ status: 'DEACTIVATED' }).where(eq(users.id, second.user.id));
    const audit = await auditLog(second);
    expect(audit.statusCode).toBe(403);
    expect(audit.json().message).toMatch(/deactivated/);
    expect((await put(second, 'activate', second.user.email)).statusCode).toBe(403);
    expect((await put(second, 'deactivate', TEST_ADMIN.email)).statusCode).toBe(403);
    expect(await statusOf(second.user.id)).toBe('DEACTIVATED');
    expect(await statusOf(first.user.id)).toBe('ACTIVE');
    // No reach into another account through a "self or admin" route either.
    const other = await registerCustomer(t.app);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/users/load/${encodeURIComponent(other.user.email)}`,
      headers: second.headers,
    });
    expect(read.statusCode).toBe(403);
  });

  it('nobody activates or deactivates their own account', async () => {
    for (const verb of ['deactivate', 'activate'] as const) {
      const res = await put(second, verb, second.user.email);
      expect(res.statusCode, `${verb}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe('You cannot activate or deactivate your own account.');
    }
    expect(await statusOf(second.user.id)).toBe('ACTIVE');
  });

  it('the last active administrator cannot be deactivated: 409 with a clear message', async () => {
    expect((await put(first, 'deactivate', second.user.email)).statusCode).toBe(200);
    const res = await put(first, 'deactivate', TEST_ADMIN.email);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toMatch(/last active administrator/);
    expect(await statusOf(first.user.id)).toBe('ACTIVE');
  });

  it('two administrators deactivating each other at once leave one of them active', async () => {
    const [a, b] = await Promise.all([put(first, 'deactivate', second.user.email), put(second, 'deactivate', TEST_ADMIN.email)]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    const statuses = [await statusOf(first.user.id), await statusOf(second.user.id)];
    expect(statuses).toContain('ACTIVE');
  });
});
