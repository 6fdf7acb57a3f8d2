import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../config.ts';
import { freePort } from '../../test-support/listening-app.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { customerWithPackage, loginAdmin } from '../../test-support/accounts.ts';
import { NINEHITS_LOW_POINTS, NINEHITS_LOW_SLOTS } from './ninehits-account.ts';
import { useListeningTestApp } from '../../test-support/use-test-app.ts';

/** GET /api/admin/ninehits-account: the real adapter asks the sandbox's profileGet over loopback HTTP. */
describe("the admin's view of the 9Hits account", () => {
  const t = useListeningTestApp({}, 'once');

  const control = (body: unknown) =>
    fetch(`${t.baseUrl}/sandbox/9hits/control?key=${SANDBOX_CREDENTIALS.ninehitsApiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('answers points and slots with low-balance warnings, cached for a minute, without the key', async () => {
    await control({ account: { points: 1234.5, slots: 10 } });
    const admin = await loginAdmin(t.app);
    const first = await t.app.inject({ method: 'GET', url: '/api/admin/ninehits-account', headers: admin.headers });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      points: 1234.5,
      slots: { used: 0, available: 10 },
      low: { points: true, slots: true },
      thresholds: { points: NINEHITS_LOW_POINTS, slots: NINEHITS_LOW_SLOTS },
    });
    expect(first.body).not.toContain(SANDBOX_CREDENTIALS.ninehitsApiKey);

    // 9Hits is asked again only after the cache's minute.
    await control({ account: { points: 5_000_000, slots: 1000 } });
    const second = await t.app.inject({ method: 'GET', url: '/api/admin/ninehits-account', headers: admin.headers });
    expect(second.json()).toEqual(first.json());
  });

  it('is for admins only', async () => {
    const customer = await customerWithPackage(t.app, 'pkgBasic', { email: 'nosy@example.com' });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ninehits-account', headers: customer.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ninehits-account' })).statusCode).toBe(401);
  });

  it('says 9Hits did not answer (502, not cached) when it is unreachable', async () => {
    const down = await createTestApp({ NINEHITS_BASE_URL: `http://127.0.0.1:${await freePort()}/api` });
    try {
      await down.reset();
      const admin = await loginAdmin(down.app);
      for (let i = 0; i < 2; i++) {
        const res = await down.app.inject({ method: 'GET', url: '/api/admin/ninehits-account', headers: admin.headers });
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({
          code: 'UPSTREAM',
          message: expect.stringMatching(/^9Hits did not answer: 9Hits profileGet unreachable/),
        });
      }
    } finally {
      await down.close();
    }
  });
});
