import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { MSG } from '@traffic/shared';
import { customerWithPackage, type Session } from '../src/test-support/accounts.ts';
import { createWebsite, statsOf, websiteBody } from '../src/test-support/websites.ts';
import { useTestApp } from '../src/test-support/use-test-app.ts';

/**
 * docs/product.md section 10, "Subscriptions, add-ons, capacity": creating or editing a website that would make the
 * capacity negative is refused, also when many requests race. The app runs in-process on its own
 * PostgreSQL database; the requests below are all in flight at once.
 */
describe('capacity under concurrent website writes (PostgreSQL)', () => {
  const t = useTestApp();

  const storedSites = (session: Session) =>
    queryRows<{ id: number; daily_hit_limit: number }>(
      t.app.ctx.db,
      sql`select id, daily_hit_limit from websites where user_id = ${session.user.id} order by id`,
    );

  /** Fires every create at once; answers the responses in request order. */
  const createAtOnce = (session: Session, limits: number[]) =>
    Promise.all(
      limits.map((daily_hit_limit, i) => createWebsite(t.app, session, { url: `https://race-${i}.example.com/`, daily_hit_limit })),
    );

  const expectOnlyCapacityRefusals = (responses: Awaited<ReturnType<typeof createAtOnce>>) => {
    for (const res of responses.filter((r) => r.statusCode !== 201)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('CAPACITY');
      expect([MSG.noEmptySlots, MSG.limitReached]).toContain(res.json().message);
    }
  };

  it('50 simultaneous creates with room for exactly 35 websites (slots) → exactly 35', async () => {
    // pkgStandard (4200 hits, 25 slots) + 10 extra slots: 35 slots; 35 x 100 hits fit in 4200.
    const owner = await customerWithPackage(t.app, 'pkgStandard', {}, [{ kind: 'slots', id: '10Slots' }]);
    const responses = await createAtOnce(owner, Array(50).fill(100));

    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(35);
    expectOnlyCapacityRefusals(responses);
    expect(await storedSites(owner)).toHaveLength(35);
    expect(await statsOf(t.app, owner)).toMatchObject({ availableSlots: 0, usedSlots: 35, availableHits: 4200 - 3500 });
  });

  it('50 simultaneous creates with room for exactly 21 websites (hits) → exactly 21', async () => {
    // pkgStandard: 4200 hits / 200 per website = 21, under the 25 slots.
    const owner = await customerWithPackage(t.app, 'pkgStandard');
    const responses = await createAtOnce(owner, Array(50).fill(200));

    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(21);
    expectOnlyCapacityRefusals(responses);
    expect((await storedSites(owner)).reduce((sum, s) => sum + s.daily_hit_limit, 0)).toBe(4200);
    expect(await statsOf(t.app, owner)).toMatchObject({ availableHits: 0, availableSlots: 4 });
  });

  it('mixed sizes: what is accepted fits, and everything refused still would not fit afterwards', async () => {
    // pkgBasic 1000 hits / 6 slots + 1000 extra hits + 5 extra slots = 2000 hits, 11 slots.
    const owner = await customerWithPackage(t.app, 'pkgBasic', {}, [
      { kind: 'hits', id: '1000Hits' },
      { kind: 'slots', id: '5Slots' },
    ]);
    const limits = Array.from({ length: 50 }, (_, i) => 100 * (1 + (i % 5)));
    const responses = await createAtOnce(owner, limits);
    expectOnlyCapacityRefusals(responses);

    const accepted = responses.filter((r) => r.statusCode === 201).map((r) => r.json().daily_hit_limit as number);
    const stored = await storedSites(owner);
    expect(stored.map((s) => s.daily_hit_limit).sort()).toEqual([...accepted].sort());
    expect(accepted.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2000);
    expect(accepted.length).toBeLessThanOrEqual(11);
    // Capacity only shrank during the race, so a refusal then is a refusal now.
    const after = await statsOf(t.app, owner);
    expect(after.availableHits).toBeGreaterThanOrEqual(0);
    expect(after.availableSlots).toBeGreaterThanOrEqual(0);
    responses.forEach((res, i) => {
      if (res.statusCode === 201) return;
      expect(after.availableSlots < 1 || limits[i]! > after.availableHits).toBe(true);
    });
  });

  it('edits raising hits race new websites: the total never exceeds the package', async () => {
    // pkgBasic: 1000 hits, 6 slots; three websites of 100 to start with.
    const owner = await customerWithPackage(t.app, 'pkgBasic');
    const first = await createAtOnce(owner, [100, 100, 100]);
    const ids = first.map((r) => r.json().id as number);
    const edits = Array.from({ length: 24 }, (_, i) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/website',
        headers: owner.headers,
        payload: websiteBody({ id: ids[i % 3], url: `https://race-${i % 3}.example.com/`, daily_hit_limit: 200 + 100 * (i % 5) }),
      }),
    );
    const creates = Array.from({ length: 24 }, (_, i) =>
      createWebsite(t.app, owner, { url: `https://more-${i}.example.com/`, daily_hit_limit: 100 }),
    );
    const responses = await Promise.all([...edits, ...creates]);

    for (const res of responses) expect([200, 201, 400, 409]).toContain(res.statusCode);
    const stored = await storedSites(owner);
    expect(stored.length).toBeLessThanOrEqual(6);
    expect(stored.reduce((sum, s) => sum + s.daily_hit_limit, 0)).toBeLessThanOrEqual(1000);
    expect(stored.length).toBe(3 + responses.filter((r) => r.statusCode === 201).length);
    const after = await statsOf(t.app, owner);
    expect(after.availableHits).toBeGreaterThanOrEqual(0);
    expect(after.availableSlots).toBeGreaterThanOrEqual(0);
  });
});
