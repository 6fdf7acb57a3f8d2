import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerWithPackage, loginAdmin } from '../test-support/accounts.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/** Red team finding: the admin catalogue accepted a package priced 0, which anyone could then "buy". */
describe('red team: free catalogue items', () => {
  const t = useTestApp();

  it('refuses a catalogue price of 0 with a clear message, in the API and in the database', async () => {
    const admin = await loginAdmin(t.app);
    const attempts = [
      { method: 'POST', url: '/api/packages', payload: { name: 'Free', price: 0, hits_per_day: 100_000, slots: 100 } },
      { method: 'POST', url: '/api/packages', payload: { name: 'Free', price: '0.00', hits_per_day: 100_000, slots: 100 } },
      { method: 'POST', url: '/api/packages', payload: { name: 'Free', price: 0.004, hits_per_day: 100_000, slots: 100 } },
      { method: 'PUT', url: '/api/packages', payload: { id: 'pkgBasic', name: 'Basic', price: 0, hits_per_day: 1000, slots: 6 } },
      { method: 'POST', url: '/api/additional-hits', payload: { name: 'Free hits', price: 0, count: 1_000_000 } },
      {
        method: 'PUT',
        url: '/api/additional-slots',
        payload: { id: '5Slots', name: '5 Extra Slots', price: '0', count: 5, type: 'normal' },
      },
    ] as const;
    for (const attempt of attempts) {
      const res = await t.app.inject({ ...attempt, headers: admin.headers });
      expect({ url: attempt.url, status: res.statusCode, body: res.json() }).toEqual({
        url: attempt.url,
        status: 400,
        body: {
          code: 'VALIDATION',
          message: 'Price must be an amount of at least 0.01',
          fieldErrors: { price: 'Price must be an amount of at least 0.01' },
        },
      });
    }
    await expect(t.app.ctx.db.execute(sql`update packages set price = 0 where id = 'pkgBasic'`)).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`update addon_packages set price = 0 where id = '1000Hits'`)).rejects.toThrow();
    const cheapest = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: admin.headers,
      payload: { name: 'Cent', price: '0.01', hits_per_day: 100, slots: 1 },
    });
    expect(cheapest.statusCode).toBe(201);
    // A grant is still recorded as an order of amount 0.
    const granted = await customerWithPackage(t.app, 'pkgBasic');
    expect(granted.user.package?.id).toBe('pkgBasic');
  });
});
