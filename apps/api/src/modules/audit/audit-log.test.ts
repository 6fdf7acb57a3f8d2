import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows, schema } from '@traffic/db';
import { loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { DEEP_AUDIT_OFFSET } from './audit.repository.ts';

const { auditEvents } = schema;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the audit log', () => {
  let admin: Session;
  let customer: Session & { password: string };
  const t = useTestApp();
  beforeEach(async () => {
    customer = await registerCustomer(t.app);
    admin = await loginAdmin(t.app);
  });

  const failSignIn = (username: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password: 'wrong-password' } });
  const log = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/audit?${query}`, headers: admin.headers });

  it('is append-only for the application: the database refuses every update and delete', async () => {
    await failSignIn(customer.user.email);
    const [record] = await t.app.ctx.db.select().from(auditEvents);
    expect(record).toBeDefined();
    await expect(t.app.ctx.db.update(auditEvents).set({ action: 'sign_in' }).where(eq(auditEvents.id, record!.id))).rejects.toThrow();
    await expect(t.app.ctx.db.delete(auditEvents).where(eq(auditEvents.id, record!.id))).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`delete from audit_events`)).rejects.toThrow();
    const [after] = await t.app.ctx.db.select().from(auditEvents).where(eq(auditEvents.id, record!.id));
    expect(after).toEqual(record);
  });

  it('has no update or delete path in the code', () => {
    const root = join(import.meta.dirname, '..', '..');
    const offenders = sourceFiles(root).filter((file) =>
      /\.(update|delete)\(\s*auditEvents\b|(update|delete from)\s+"?audit_events/i.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('records failed sign-ins, also of names without an account, and the sign-in, with address and device', async () => {
    await failSignIn(customer.user.email);
    await failSignIn('no-such-person@example.com');
    const all = (await log('')).json() as {
      total: number;
      rows: { action: string; targetType: string; targetLabel: string; targetId: string; ip: string; device: string }[];
    };
    // The customer's registration is on the record too (docs/decisions/0024-accountable-admins.md).
    expect(all.rows.map((r) => r.action)).toEqual(['sign_in_failed', 'sign_in_failed', 'sign_in', 'registered']);
    expect(all.rows[3]).toMatchObject({ actorEmail: customer.user.email, targetLabel: customer.user.email });
    expect(all.rows[0]).toMatchObject({ targetType: 'login', targetId: 'no-such-person@example.com' });
    expect(all.rows[1]).toMatchObject({ targetType: 'user', targetLabel: customer.user.email });
    expect(all.rows[2]!.ip).toMatch(/^10\./);
    expect(all.rows[2]!.device).toBeTruthy();
  });

  it('filters by actor, action, target and date, newest first, and pages', async () => {
    for (let i = 0; i < 3; i++) await failSignIn(customer.user.email);
    await t.app.inject({ method: 'PUT', url: `/api/users/deactivate/${customer.user.email}`, headers: admin.headers });
    const byAction = (await log('action=user_deactivated')).json();
    expect(byAction.total).toBe(1);
    expect(byAction.rows[0]).toMatchObject({
      actorEmail: admin.user.email,
      targetLabel: customer.user.email,
      before: { status: 'INACTIVE' },
      after: { status: 'DEACTIVATED' },
    });
    expect(
      (await log(`actor=${encodeURIComponent(admin.user.email.slice(0, 5).toUpperCase())}`))
        .json()
        .rows.map((r: { action: string }) => r.action),
    ).toEqual(['user_deactivated', 'sign_in']);
    expect((await log(`target=${encodeURIComponent(customer.user.email)}&action=sign_in_failed`)).json().total).toBe(3);
    const page0 = (await log('action=sign_in_failed&size=2&page=0')).json();
    const page1 = (await log('action=sign_in_failed&size=2&page=1')).json();
    expect(page0.rows).toHaveLength(2);
    expect(page1.rows).toHaveLength(1);
    expect(page0.rows[0].id).toBeGreaterThan(page0.rows[1].id);
    expect(page0.rows[1].id).toBeGreaterThan(page1.rows[0].id);
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await log(`from=${today}&to=${today}`)).json().total).toBe(6);
    expect((await log('from=2001-01-01&to=2001-01-02')).json().total).toBe(0);
    expect((await log('target=%25')).json().total).toBe(0);
    const bad = await log('action=drop_table');
    expect(bad.statusCode).toBe(400);
    expect((await log('from=2026-13-45')).statusCode).toBe(400);
    const asCustomer = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: customer.headers });
    expect(asCustomer.statusCode).toBe(403);
  });

  it('gives a deep page the same records as a shallow one would, filtered or not', async () => {
    await t.app.ctx.db.execute(
      sql`insert into audit_events (action, actor_email, target_type, target_id)
          select case when n % 3 = 0 then 'sign_in' else 'sign_in_failed' end, 'bulk@example.com', 'login', n::text
          from generate_series(1, ${DEEP_AUDIT_OFFSET * 2}) as n`,
    );
    const expected = async (action: string | null, offset: number) =>
      (
        await queryRows<{ id: number }>(
          t.app.ctx.db,
          sql`select id from audit_events where ${action}::text is null or action = ${action} order by id desc limit 25 offset ${offset}`,
        )
      ).map((r) => Number(r.id));
    for (const page of [DEEP_AUDIT_OFFSET / 25 - 1, DEEP_AUDIT_OFFSET / 25, DEEP_AUDIT_OFFSET / 25 + 3]) {
      const all = (await log(`page=${page}&size=25`)).json() as { rows: { id: number }[] };
      expect(all.rows.map((r) => Number(r.id))).toEqual(await expected(null, page * 25));
      expect(all.rows).toHaveLength(25);
    }
    const deepFailures = (await log(`page=${DEEP_AUDIT_OFFSET / 25}&size=25&action=sign_in_failed`)).json() as { rows: { id: number }[] };
    expect(deepFailures.rows).toHaveLength(25);
    expect(deepFailures.rows.map((r) => Number(r.id))).toEqual(await expected('sign_in_failed', DEEP_AUDIT_OFFSET));
  });

  it("shows a customer their own security events only, without the admin's details", async () => {
    await failSignIn(customer.user.email);
    const other = await registerCustomer(t.app);
    await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { username: other.user.email, password: 'nope-nope' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/account/events', headers: customer.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { total: number; rows: Record<string, unknown>[] };
    expect(body.rows.map((r) => r.action)).toEqual(['sign_in_failed', 'registered']);
    expect(body.rows[0]).toMatchObject({ action: 'sign_in_failed', targetLabel: customer.user.email });
    expect(body.rows[0]).not.toHaveProperty('before');
    expect(body.rows[0]).not.toHaveProperty('actorId');
  });
});
