import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@traffic/db';
import { createTestDatabase, type TestDatabase } from '@traffic/db/testing';
import { searchMaskBit, userContains } from './user-search.ts';

/** The one-character search through users.search_mask answers exactly what ILIKE '%c%' answers. */
describe('userContains', () => {
  let testDb: TestDatabase;
  const names = [
    ['AdaLovelace', 'ada@example.com'],
    ['GRACE_hopper', 'G.Hopper+navy@Example.ORG'],
    ['zed', 'z-1@x.io'],
    ['Émile', 'emile@exemple.fr'],
    ['KELVIN', 'k@k.k'],
    ['Q9', 'q9@q9.q9'],
  ];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    for (const [username, email] of names)
      await testDb.database.db.execute(sql`insert into users (username, email, password_hash) values (${username}, ${email}, 'x')`);
  });
  afterAll(() => testDb.destroy());

  const matches = async (condition: ReturnType<typeof sql>) =>
    (await queryRows<{ username: string }>(testDb.database.db, sql`select username from users u where ${condition} order by username`)).map(
      (r) => r.username,
    );

  it('agrees with ILIKE for every character of the alphabet, in either case, and for characters outside it', async () => {
    const singles = [...'abcdefghijklmnopqrstuvwxyz0123456789.@_-+', ...'AZKQ', 'é', 'É', '%', '_', ' ', '#'];
    for (const c of singles) {
      const pattern = `%${c.replace(/[\\%_]/g, (x) => `\\${x}`)}%`;
      const expected = await matches(sql`(u.username ilike ${pattern} or u.email ilike ${pattern})`);
      expect(await matches(userContains('u', c)), c).toEqual(expected);
    }
    expect(await matches(userContains('u', 'a'))).toContain('AdaLovelace');
    expect(await matches(userContains('u', 'z'))).toEqual(['zed']);
  });

  it('follows a change of username or email, whatever a writer puts in the column', async () => {
    const db = testDb.database.db;
    expect(await matches(userContains('u', 'q'))).toEqual(['Q9']);
    await db.execute(sql`update users set username = 'W8', email = 'w8@w8.w8', search_mask = 0 where username = 'Q9'`);
    expect(await matches(userContains('u', 'q'))).toEqual([]);
    expect(await matches(userContains('u', 'w'))).toEqual(['W8']);
    await db.execute(sql`update users set search_mask = -1 where username = 'W8'`);
    expect(await matches(userContains('u', 'q'))).toEqual([]);
  });

  it('uses the mask for one character of its alphabet only', () => {
    expect(searchMaskBit('a')).toBe(1n);
    expect(searchMaskBit('A')).toBe(1n);
    expect(searchMaskBit('+')).toBe(1n << 40n);
    expect(searchMaskBit('ab')).toBeUndefined();
    expect(searchMaskBit('é')).toBeUndefined();
    expect(searchMaskBit('%')).toBeUndefined();
  });
});
