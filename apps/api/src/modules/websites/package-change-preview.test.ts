import { beforeEach, describe, expect, it } from 'vitest';
import { customerWithPackage, loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe('GET /api/billing/change/:id: the websites a package change would pause', () => {
  let owner: Session;
  const t = useTestApp();
  beforeEach(async () => {
    // Standard: 4,200 hits and 25 slots; the websites use 2,900 hits a day.
    owner = await customerWithPackage(t.app, 'pkgStandard', { email: 'change@example.com' });
    for (const [i, hits] of [1000, 1000, 900].entries()) {
      expect((await createWebsite(t.app, owner, { url: `https://s${i}.example.com`, daily_hit_limit: hits })).statusCode).toBe(201);
    }
    await t.app.jobs.drain();
  });

  const preview = (id: string, session: Session = owner) =>
    t.app.inject({ method: 'GET', url: `/api/billing/change/${id}`, headers: session.headers });

  it('names the newest websites until the rest fit, and the change, once applied, pauses exactly those', async () => {
    const res = await preview('pkgBasic');
    expect(res.statusCode).toBe(200);
    const change = res.json();
    expect(change).toMatchObject({
      packageId: 'pkgBasic',
      packageName: 'Basic',
      type: 'normal',
      totalHits: 1000,
      totalSlots: 6,
      activeHits: 2900,
      activeWebsites: 3,
    });
    expect(change.pausing.map((s: { url: string }) => s.url)).toEqual(['https://s2.example.com', 'https://s1.example.com']);

    const admin = await loginAdmin(t.app);
    const granted = await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: admin.headers,
      payload: { pkg: 'pkgBasic', email: 'change@example.com' },
    });
    expect(granted.statusCode).toBe(200);
    await t.app.jobs.drain();
    const user = (await t.app.inject({ method: 'POST', url: '/api/users/load/change@example.com', headers: owner.headers })).json();
    const paused = user.websites.filter((w: { status: string }) => w.status === 'PAUSED').map((w: { url: string }) => w.url);
    expect(paused.sort()).toEqual(change.pausing.map((s: { url: string }) => s.url).sort());
  });

  it('pauses nothing on an upgrade, counts running add-ons, and ignores websites already paused', async () => {
    expect((await preview('pkgPremium')).json()).toMatchObject({ totalHits: 10000, pausing: [] });
    const user = (await t.app.inject({ method: 'POST', url: '/api/users/load/change@example.com', headers: owner.headers })).json();
    const site = user.websites.find((w: { url: string }) => w.url === 'https://s2.example.com');
    expect((await t.app.inject({ method: 'POST', url: `/api/website/${site.id}/pause`, headers: owner.headers })).statusCode).toBeLessThan(
      300,
    );
    const change = (await preview('pkgBasic')).json();
    expect(change.activeHits).toBe(2000);
    expect(change.pausing.map((s: { url: string }) => s.url)).toEqual(['https://s1.example.com']);
  });

  it('answers 404 for an unknown package, and a customer without websites pauses nothing', async () => {
    expect((await preview('pkgNope')).statusCode).toBe(404);
    const fresh = await registerCustomer(t.app, { email: 'fresh@example.com', fullName: 'New/Customer' });
    expect((await preview('pkgBasic', fresh)).json()).toMatchObject({ activeWebsites: 0, pausing: [] });
  });
});
