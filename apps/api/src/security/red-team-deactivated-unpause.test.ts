import { beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared';
import { customerWithPackage, loginAdmin, type Session } from '../test-support/accounts.ts';
import { createWebsite } from '../test-support/websites.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team finding: after the admin's Pause All and Deactivate, the deactivated customer
 * switched the paused websites back on one by one (POST website/{id}/pause toggles).
 */
describe('red team: a deactivated customer un-pausing websites', () => {
  let customer: Session;
  let admin: Session;
  let siteIds: number[];
  const t = useTestApp();
  beforeEach(async () => {
    admin = await loginAdmin(t.app);
    customer = await customerWithPackage(t.app, 'pkgBasic');
    siteIds = [];
    for (const host of ['one', 'two'])
      siteIds.push((await createWebsite(t.app, customer, { url: `https://${host}.example.com/` })).json().id);
  });

  const statuses = async () => {
    const user = (await t.app.inject({ method: 'POST', url: `/api/users/load/${customer.user.email}`, headers: admin.headers })).json();
    return Object.fromEntries((user.websites as { id: number; status: string }[]).map((w) => [w.id, w.status]));
  };

  it('is refused with the deactivated message after Pause All, and the websites stay paused', async () => {
    const pauseAll = await t.app.inject({
      method: 'POST',
      url: `/api/website/${customer.user.id}/websites/PAUSED`,
      headers: admin.headers,
    });
    expect(pauseAll.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/users/deactivate/${customer.user.email}`, headers: admin.headers })).statusCode,
    ).toBe(200);

    for (const id of siteIds) {
      const res = await t.app.inject({ method: 'POST', url: `/api/website/${id}/pause`, headers: customer.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ code: 'FORBIDDEN', message: MSG.accountDeactivated });
    }
    expect(await statuses()).toEqual({ [siteIds[0]!]: 'PAUSED', [siteIds[1]!]: 'PAUSED' });
  });

  it('still lets a deactivated customer pause, and an ACTIVE one switch back on', async () => {
    const [first] = siteIds;
    await t.app.inject({ method: 'PUT', url: `/api/users/deactivate/${customer.user.email}`, headers: admin.headers });
    const pause = await t.app.inject({ method: 'POST', url: `/api/website/${first}/pause`, headers: customer.headers });
    expect(pause.json()).toEqual({ status: 'PAUSED', message: MSG.websitePaused });

    await t.app.inject({ method: 'PUT', url: `/api/users/activate/${customer.user.email}`, headers: admin.headers });
    const resume = await t.app.inject({ method: 'POST', url: `/api/website/${first}/pause`, headers: customer.headers });
    expect(resume.json()).toEqual({ status: 'ACTIVE', message: MSG.websiteActivated });
  });
});
