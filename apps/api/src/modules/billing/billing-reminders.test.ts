import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { payWithSandboxCard } from '../../test-support/payhere-sandbox.ts';
import { useListeningTestApp } from '../../test-support/use-test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The reminders three days before a paid period ends: once per period, and only to customers who keep them on. */
describe('billing reminders', () => {
  let admin: Session;
  const t = useListeningTestApp();
  beforeEach(async () => {
    admin = await loginAdmin(t.app);
  });

  const grant = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/users/addPackage', headers: admin.headers, payload: { pkg: 'pkgBasic', email } });
  const subjects = async (to: string) =>
    (await queryRows<{ subject: string }>(t.app.ctx.db, sql`select subject from emails where "to" = ${to} order by id`)).map(
      (r) => r.subject,
    );
  const setReminders = (s: Session, enabled: boolean) =>
    t.app.inject({ method: 'PUT', url: '/api/billing/reminders', headers: s.headers, payload: { enabled } });

  it('says "renews" to a renewing customer and "ends" to one whose package does not renew, once each, and nothing to one who turned them off', async () => {
    const renewing = await registerCustomer(t.app, { email: 'renewing@example.com' });
    await payWithSandboxCard(t.app, renewing, 'package', 'pkgBasic');
    const granted = await registerCustomer(t.app, { email: 'granted@example.com' });
    expect((await grant('granted@example.com')).statusCode).toBe(200);
    const quiet = await registerCustomer(t.app, { email: 'quiet@example.com' });
    expect((await grant('quiet@example.com')).statusCode).toBe(200);
    expect((await setReminders(quiet, false)).json()).toEqual({ enabled: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/reminders', headers: quiet.headers })).json()).toEqual({
      enabled: false,
    });
    expect((await setReminders(granted, 'yes' as unknown as boolean)).statusCode).toBe(400);

    t.clock.advance(28 * DAY);
    await t.app.scheduler.tick();
    await t.app.jobs.drain();
    t.clock.advance(7 * 60 * 60 * 1000);
    await t.app.scheduler.tick();
    await t.app.jobs.drain();

    expect((await subjects('renewing@example.com')).filter((s) => !s.startsWith('Receipt'))).toEqual([
      expect.stringMatching(/^Your Basic package renews on /),
    ]);
    expect(await subjects('granted@example.com')).toEqual([expect.stringMatching(/^Your Basic package ends on /)]);
    expect(await subjects('quiet@example.com')).toEqual([]);
    const [reminder] = await queryRows<{ text: string; html: string }>(
      t.app.ctx.db,
      sql`select text, html from emails where "to" = 'granted@example.com'`,
    );
    expect(reminder!.text).toMatch(/Turn them off under "Billing reminders" on your Billing page: http.*\/billing/);
    expect(reminder!.html).toContain('Billing reminders');
  });
});
