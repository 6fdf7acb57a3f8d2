import { beforeEach, describe, expect, it } from 'vitest';
import { and, asc, count, eq } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { login, registerCustomer, type Session } from '../test-support/accounts.ts';
import { flushRepeatWindows, REPEAT_WINDOW_MS } from '../modules/audit/audit-repeats.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team, third pass: one free account must not be able to flood the append-only audit log.
 * Before the fix, POST /api/account/sessions/sign-out-others had no rate limit and wrote
 * `other_sessions_ended` on every call, even when nothing ended: 500 calls, 500 rows.
 */
const { auditEvents } = schema;

let nextAddress = 1;
const freshAddress = () => {
  nextAddress += 1;
  return `10.94.${(nextAddress >> 8) & 255}.${nextAddress & 255}`;
};

describe('red team (third pass): no flooding of the audit log', () => {
  let customer: Session & { password: string };
  const t = useTestApp();
  beforeEach(async () => {
    customer = await registerCustomer(t.app);
  });

  const signOutOthers = (remoteAddress = freshAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/account/sessions/sign-out-others', headers: customer.headers, remoteAddress });
  const rowsOf = (action: 'other_sessions_ended') =>
    t.app.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.subjectUserId, customer.user.id)))
      .orderBy(asc(auditEvents.id));
  const total = async () => (await t.app.ctx.db.select({ n: count() }).from(auditEvents))[0]!.n;

  it('a call that ends nothing records nothing (50 calls, from 50 addresses)', async () => {
    const before = await total();
    for (let i = 0; i < 50; i++) expect((await signOutOthers()).statusCode).toBe(200);
    expect(await total()).toBe(before);
  });

  it('the session and security routes are rate-limited per address, like sign-in', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await signOutOthers(address)).statusCode);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    const reads: number[] = [];
    for (let i = 0; i < 70; i++)
      reads.push(
        (await t.app.inject({ method: 'GET', url: '/api/account/events', headers: customer.headers, remoteAddress: address })).statusCode,
      );
    expect(reads).toContain(429);
  });

  it("an account's repeats within a few minutes become one record with a count", async () => {
    const rounds = 12;
    for (let i = 0; i < rounds; i++) {
      await login(t.app, customer.user.email, customer.password); // another session to end
      const res = await signOutOthers();
      expect(res.json()).toEqual({ ended: 1 });
      t.clock.advance(1_000);
    }
    // Inside the window: the first is on the record, the repeats are only counted.
    expect(await rowsOf('other_sessions_ended')).toHaveLength(1);
    // Once the window is over they are written as one record that says how many.
    t.clock.advance(REPEAT_WINDOW_MS);
    await flushRepeatWindows(t.app.ctx);
    const rows = await rowsOf('other_sessions_ended');
    expect(rows.map((r) => r.repeats)).toEqual([1, rounds - 1]);
    // The owner sees both, the second with its count.
    const own = (await t.app.inject({ method: 'GET', url: '/api/account/events', headers: customer.headers })).json() as {
      rows: { action: string; repeats?: number }[];
    };
    expect(own.rows.filter((r) => r.action === 'other_sessions_ended').map((r) => r.repeats)).toEqual([rounds - 1, 1]);
  });

  it('the next event after a window writes the counted repeats first, then itself', async () => {
    for (let i = 0; i < 3; i++) {
      await login(t.app, customer.user.email, customer.password);
      await signOutOthers();
    }
    t.clock.advance(REPEAT_WINDOW_MS + 1_000);
    await login(t.app, customer.user.email, customer.password);
    await signOutOthers();
    expect((await rowsOf('other_sessions_ended')).map((r) => r.repeats)).toEqual([1, 2, 1]);
  });
});
