import { beforeEach, describe, expect, it } from 'vitest';
import { customerWithPackage, loginAdmin, type Session } from '../../test-support/accounts.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('pausing on expiry and resuming on renewal', () => {
  let owner: Session;
  let admin: Session;
  const t = useTestApp();
  beforeEach(async () => {
    admin = await loginAdmin(t.app);
    // Two months of Basic (1000 hits, 6 slots) and one month of 1000 extra hits.
    owner = await customerWithPackage(t.app, 'pkgBasic', { email: 'exp@example.com' }, [{ kind: 'hits', id: '1000Hits' }]);
    await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: admin.headers,
      payload: { pkg: 'pkgBasic', email: 'exp@example.com' },
    });
    for (const [i, hits] of [500, 500, 500].entries()) {
      expect((await createWebsite(t.app, owner, { url: `https://s${i}.example.com`, daily_hit_limit: hits })).statusCode).toBe(201);
    }
    await t.app.jobs.drain();
  });

  const user = async () => (await t.app.inject({ method: 'POST', url: '/api/users/load/exp@example.com', headers: owner.headers })).json();
  const statuses = async () => (await user()).websites.map((w: { url: string; status: string }) => `${w.url} ${w.status}`);
  const scan = async () => {
    await t.app.scheduler.tick(t.clock.now());
    await t.app.jobs.drain();
  };

  it('pauses the newest websites when add-ons expire, until the rest fit, and notifies', async () => {
    t.clock.advance(32 * DAY);
    await scan();
    expect(await statuses()).toEqual(['https://s0.example.com ACTIVE', 'https://s1.example.com ACTIVE', 'https://s2.example.com PAUSED']);
    const [note] = (await user()).notifications;
    expect(decodeURIComponent(note.title)).toBe('Websites paused');
    expect(decodeURIComponent(note.body)).toContain('extra hits or slots expired');

    // Buying extra hits again resumes what the system paused.
    await t.app.inject({
      method: 'POST',
      url: '/api/activated-additional-hits/email',
      headers: admin.headers,
      payload: { additional_id: '1000Hits', email: 'exp@example.com' },
    });
    await t.app.jobs.drain();
    expect(await statuses()).toEqual(['https://s0.example.com ACTIVE', 'https://s1.example.com ACTIVE', 'https://s2.example.com ACTIVE']);
  });

  it("names an administrator's replacement of a running package as the cause, not an add-on", async () => {
    const grant = (pkg: string) =>
      t.app.inject({ method: 'POST', url: '/api/users/addPackage', headers: admin.headers, payload: { pkg, email: 'exp@example.com' } });
    expect((await grant('pkgPremium')).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect((await createWebsite(t.app, owner, { url: 'https://s3.example.com', daily_hit_limit: 2000 })).statusCode).toBe(201);
    expect((await grant('pkgBasic')).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(await statuses()).toContain('https://s3.example.com PAUSED');
    const [note] = (await user()).notifications;
    expect(decodeURIComponent(note.body)).toBe(
      '1 of your normal websites was paused because an administrator replaced your Premium package with Basic, which allows fewer hits or slots.',
    );
  });

  it('pauses every website of the type when the subscription expires; a renewal resumes them', async () => {
    t.clock.advance(63 * DAY);
    await scan();
    expect((await statuses()).every((s: string) => s.endsWith('PAUSED'))).toBe(true);
    expect(decodeURIComponent((await user()).notifications[0].body)).toContain('subscription has expired');

    await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: admin.headers,
      payload: { pkg: 'pkgPremium', email: 'exp@example.com' },
    });
    await t.app.jobs.drain();
    expect((await statuses()).every((s: string) => s.endsWith('ACTIVE'))).toBe(true);
  });

  it('does not resume a website the customer paused', async () => {
    const site = (await user()).websites[0];
    await t.app.inject({ method: 'POST', url: `/api/website/${site.id}/pause`, headers: owner.headers });
    t.clock.advance(63 * DAY);
    await scan();
    await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: admin.headers,
      payload: { pkg: 'pkgPremium', email: 'exp@example.com' },
    });
    await t.app.jobs.drain();
    expect(await statuses()).toEqual(['https://s0.example.com PAUSED', 'https://s1.example.com ACTIVE', 'https://s2.example.com ACTIVE']);
  });

  it('resumes nothing for a deactivated customer until an admin activates them again', async () => {
    t.clock.advance(63 * DAY);
    await scan();
    await t.app.inject({ method: 'PUT', url: '/api/users/deactivate/exp@example.com', headers: admin.headers });
    await t.app.inject({
      method: 'POST',
      url: '/api/users/addPackage',
      headers: admin.headers,
      payload: { pkg: 'pkgPremium', email: 'exp@example.com' },
    });
    await t.app.jobs.drain();
    expect((await statuses()).every((s: string) => s.endsWith('PAUSED'))).toBe(true);

    await t.app.inject({ method: 'PUT', url: '/api/users/activate/exp@example.com', headers: admin.headers });
    await t.app.jobs.drain();
    expect((await statuses()).every((s: string) => s.endsWith('ACTIVE'))).toBe(true);
  });

  it('runs a scan once per interval, however many servers tick', async () => {
    t.clock.advance(32 * DAY);
    await Promise.all([t.app.scheduler.tick(t.clock.now()), t.app.scheduler.tick(t.clock.now())]);
    await t.app.jobs.drain();
    expect((await user()).notifications).toHaveLength(1);
  });
});
