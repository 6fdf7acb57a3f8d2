import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SANDBOX_CREDENTIALS } from '../config.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { documentedCampaign } from '../test-support/ninehits.ts';

const KEY: string = SANDBOX_CREDENTIALS.ninehitsApiKey;
const API = '/sandbox/9hits/api';

describe('the 9Hits sandbox speaks and checks the documented API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.reset());
  afterAll(() => t.close());

  const post = (path: string, payload: unknown, key = KEY) =>
    t.app.inject({ remoteAddress: '127.0.0.1', method: 'POST', url: `${API}/${path}?key=${key}`, payload: payload as object });
  const get = (path: string, query: Record<string, string> = {}) =>
    t.app.inject({ remoteAddress: '127.0.0.1', method: 'GET', url: `${API}/${path}?${new URLSearchParams({ key: KEY, ...query })}` });
  const add = async (overrides: Record<string, unknown> = {}) => {
    const res = (await post('siteAdd', documentedCampaign(overrides))).json();
    expect(res, JSON.stringify(res)).toMatchObject({ status: 'ok', data: null });
    return Number(/^Created #(\d+)$/.exec(res.messages[0])![1]);
  };
  const titles = async (query: Record<string, string>) => (await get('siteGet', query)).json().data.map((c: { title: string }) => c.title);

  it('accepts the documented full sample and answers the id only in messages', async () => {
    const id = await add();
    const [campaign] = (await get('siteGet', { filter: `id:${id}` })).json().data;
    expect(campaign).toMatchObject({
      id,
      title: 'My Site',
      userState: 'running',
      systemState: 'pending',
      confirmedHits: 0,
      hourlyLimit: { speed: 'fast' },
    });
  });

  it('refuses a wrong key in the error envelope', async () => {
    const res = await post('siteAdd', documentedCampaign(), 'wrong');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ status: 'error', messages: ['Invalid API key.'], data: null });
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['a numeric hourlyLimit', { hourlyLimit: 21 }, /^hourlyLimit: /],
    [
      '23 hours',
      { hourlyLimit: { speed: 'fast', hours: Array(23).fill({ min: 1, max: 1 }) } },
      /hourlyLimit\.hours: must list the 24 hours/,
    ],
    ['an hour without max', { hourlyLimit: { speed: 'fast', hours: Array(24).fill({ min: 1 }) } }, /hourlyLimit\.hours\.0\.max/],
    ['an undocumented speed', { hourlyLimit: { speed: 'turbo', hours: Array(24).fill({ min: 1, max: 1 }) } }, /hourlyLimit\.speed/],
    ['null geo', { geo: null }, /^geo: /],
    ['null referrers', { referrers: null }, /^referrers: /],
    ['geo "any" without codes', { geo: { rule: 'any', by: 'country', codes: null } }, /geo: rule any or except needs codes/],
    ['an unknown field', { hourlyLimitPerDay: 100 }, /^Unknown field: hourlyLimitPerDay$/],
    ['a read-only field', { systemState: 'approved', confirmedHits: 5 }, /^Unknown fields: systemState, confirmedHits$/],
    ['null macros', { macros: null }, /^macros: /],
    ['an undocumented macro function', { macros: 'await ScrollPage({ times: 3 });' }, /^macros: ScrollPage is not a 9Hits macro function$/],
    [
      'an options object to a documented function',
      { macros: 'await ClickRandomInternalLink({ times: [1, 3] });' },
      /^macros: ClickRandomInternalLink takes plain arguments/,
    ],
    [
      'the page object outside EvalScript',
      { popupMacros: 'document.querySelector("a").click();' },
      /^popupMacros: document\.querySelector is not defined in a 9Hits macro$/,
    ],
    ['a macro that does not parse', { macros: 'await Delay(1000' }, /^macros: syntax error/],
    ['a duration over 600 seconds', { duration: [10, 601] }, /^duration\.1: /],
    ['an untilDate in another format', { untilDate: '2031-10-13T06:08:04Z' }, /^untilDate: must be "YYYY\/MM\/DD HH:mm:ss"$/],
    ['no URL', { urls: [] }, /^urls: needs at least one URL$/],
  ])('siteAdd refuses %s', async (_case, overrides, message) => {
    const res = (await post('siteAdd', documentedCampaign(overrides))).json();
    expect(res.status).toBe('error');
    expect(res.data).toBeNull();
    expect(
      res.messages.some((m: string) => message.test(m)),
      JSON.stringify(res.messages),
    ).toBe(true);
    expect((await titles({})).length).toBe(0);
  });

  it('answers malformed JSON and unknown calls in the envelope', async () => {
    const bad = await t.app.inject({
      remoteAddress: '127.0.0.1',
      method: 'POST',
      url: `${API}/siteAdd?key=${KEY}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 'error', data: null });
    expect((await get('siteFind')).json()).toMatchObject({ status: 'error', data: null });
  });

  it('siteUpdate changes only what it is given, refuses what siteAdd refuses, and knows its campaigns', async () => {
    const id = await add();
    expect((await post('siteUpdate', { id, geo: { rule: 'all', by: 'country', codes: null }, userState: 'paused' })).json()).toEqual({
      status: 'ok',
      messages: [`Updated #${id}`],
      data: null,
    });
    const [campaign] = (await get('siteGet', { filter: `id:${id}` })).json().data;
    expect(campaign).toMatchObject({ geo: { rule: 'all', codes: null }, userState: 'paused', title: 'My Site', maxHits: 110 });
    expect((await post('siteUpdate', { id, referrers: null })).json().status).toBe('error');
    expect((await post('siteUpdate', { id, hourlyLimit: 4 })).json().status).toBe('error');
    expect((await post('siteUpdate', { title: 'no id' })).json().status).toBe('error');
    expect((await post('siteUpdate', { id: id + 1000, title: 'x' })).json()).toMatchObject({
      status: 'error',
      messages: [`Campaign #${id + 1000} not found.`],
    });
  });

  it('siteGet: id: finds one; any other filter, "title:" included, is a search on title or URL', async () => {
    await add({ title: 'traffic-site-1', urls: ['https://one.example.com/'] });
    await add({ title: 'traffic-site-10', urls: ['https://ten.example.com/'] });
    await add({ title: 'Other', urls: ['https://traffic-site-1.example.org/'] });
    expect(await titles({ filter: 'traffic-site-1' })).toEqual(['traffic-site-1', 'traffic-site-10', 'Other']);
    expect(await titles({ filter: 'TEN.example' })).toEqual(['traffic-site-10']);
    expect(await titles({ filter: 'title:traffic-site-1' })).toEqual([]);
    expect(await titles({ filter: 'id:abc' })).toEqual([]);
    expect((await get('siteGet', { filter: 'traffic' })).json().messages).toEqual(['Fetched 3']);
  });

  it('siteGet pages oldest first, 100 by default, at most 500, from page 1', async () => {
    for (const title of ['a', 'b', 'c']) await add({ title });
    expect(await titles({})).toEqual(['a', 'b', 'c']);
    expect(await titles({ limit: '2', page: '2' })).toEqual(['c']);
    expect(await titles({ limit: '500', page: '1' })).toEqual(['a', 'b', 'c']);
    for (const query of [{ limit: '501' }, { limit: '0' }, { page: '0' }, { page: '-1' }, { limit: 'ten' }] as Record<string, string>[]) {
      expect((await get('siteGet', query)).json(), JSON.stringify(query)).toMatchObject({ status: 'error', data: null });
    }
  });

  it('siteGet reads the whole listing page after page as by position, whatever is added or removed between pages', async () => {
    const ids = [];
    for (const title of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) ids.push(await add({ title }));
    const page = (n: number) => titles({ limit: '2', page: String(n) });
    // In order, each page right after the last (a page continued from the one before).
    expect([await page(1), await page(2), await page(3), await page(4), await page(5)]).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g'],
      [],
    ]);
    // A campaign before the next page removed: that page is still the listing's by position.
    expect(await page(1)).toEqual(['a', 'b']);
    expect((await post('siteDel', [ids[0]])).json().status).toBe('ok');
    expect(await page(2)).toEqual(['d', 'e']);
    // One added at the end, and one removed and one added in a single reading's gap: the same.
    await add({ title: 'h' });
    expect(await page(3)).toEqual(['f', 'g']);
    expect((await post('siteDel', [ids[1]])).json().status).toBe('ok');
    await add({ title: 'i' });
    expect(await page(4)).toEqual(['i']);
    // Written straight to the table, and with the count's row wiped: still by position.
    expect(await page(1)).toEqual(['c', 'd']);
    await t.app.ctx.db.execute(sql`delete from sandbox_ninehits_campaign_count`);
    await t.app.ctx.db.execute(sql`delete from sandbox_ninehits_campaigns where id = ${ids[2]!}`);
    expect(await page(2)).toEqual(['f', 'g']);
    expect(await page(3)).toEqual(['h', 'i']);
    // A campaign's creation time written anew (as tests age campaigns) moves it in the order.
    expect(await page(1)).toEqual(['d', 'e']);
    await t.app.ctx.db.execute(sql`update sandbox_ninehits_campaigns set created_at = created_at - interval '1 day' where id = ${ids[6]!}`);
    expect(await page(2)).toEqual(['e', 'f']);
    // Another page size pages by position too.
    expect(await titles({ limit: '3', page: '2' })).toEqual(['f', 'h', 'i']);
  });

  it('siteDel takes a list of ids and answers as documented', async () => {
    const [a, b] = [await add({ title: 'a' }), await add({ title: 'b' })];
    expect((await post('siteDel', { ids: [a] })).json().status).toBe('error');
    expect((await post('siteDel', [a])).json()).toEqual({ status: 'ok', messages: null, data: null });
    expect(await titles({})).toEqual(['b']);
    expect((await get('siteGet', { filter: `id:${b}` })).json().data).toHaveLength(1);
  });

  it('profileGet answers the documented profile with points and slots', async () => {
    await add();
    const res = (await get('profileGet')).json();
    expect(res).toMatchObject({
      status: 'ok',
      messages: null,
      data: { username: 'sandbox', slots: { used: 1, available: 99_999 }, points: 1_000_000 },
    });
  });

  it("counts the account's slots in use exactly, whatever adds or removes campaigns", async () => {
    const used = async () => (await get('profileGet')).json().data.slots.used as number;
    const [a, b] = [await add(), await add(), await add()];
    expect(await used()).toBe(3);
    expect((await post('siteDel', [a, b])).json().status).toBe('ok');
    expect(await used()).toBe(1);
    // Campaigns written straight to the table (as the bench seeds its 300,000) count too.
    await t.app.ctx.db.execute(
      sql`insert into sandbox_ninehits_campaigns (body) select jsonb_build_object('title', 'bulk-' || n, 'urls', '[]'::jsonb) from generate_series(1, 5) n`,
    );
    expect(await used()).toBe(6);
    await t.app.ctx.db.execute(sql`truncate sandbox_ninehits_campaigns`);
    expect(await used()).toBe(0);
    // The count's own row wiped too (a test's reset): counted whole, and kept again from the next change.
    await t.app.ctx.db.execute(sql`delete from sandbox_ninehits_campaign_count`);
    await add();
    expect(await used()).toBe(1);
    await add();
    expect(await used()).toBe(2);
  });

  it('approves a new campaign a few seconds after creation', async () => {
    const id = await add();
    expect((await get('siteGet', { filter: `id:${id}` })).json().data[0].systemState).toBe('pending');
    await t.app.ctx.db.execute(sql`update sandbox_ninehits_campaigns set created_at = now() - interval '6 seconds'`);
    expect((await get('siteGet', { filter: `id:${id}` })).json().data[0].systemState).toBe('approved');
  });
});
