import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '@traffic/db';
import { customerWithPackage, loginAdmin, type Session } from '../../test-support/accounts.ts';
import { NinehitsDocServer, type RecordedCall } from '../../test-support/ninehits-doc-server.ts';
import { createWebsite, websiteBody } from '../../test-support/websites.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

/**
 * Contract tests of the 9Hits adapter: what a customer does with a website must produce exactly
 * the documented 9Hits calls (method, path, `key`, JSON body). The peer is a recording server that
 * knows only the documentation (test-support/ninehits-doc-server.ts), not the embedded sandbox.
 */
const KEY = 'contract-test-key';

type Expected = { method: 'GET' | 'POST'; path: string; query?: Record<string, string>; body?: (body: unknown) => void };

describe('the 9Hits adapter makes exactly the documented calls', () => {
  let doc: NinehitsDocServer;
  let owner: Session;
  let siteId: number;
  let campaignId: number;
  beforeAll(async () => {
    doc = await NinehitsDocServer.start(KEY);
  });
  afterAll(() => doc.close());
  const t = useTestApp(() => ({ PAYMENTS_MODE: 'sandbox', NINEHITS_BASE_URL: doc.baseUrl, NINEHITS_API_KEY: KEY }), 'once');
  beforeAll(async () => {
    owner = await customerWithPackage(t.app, 'pkgBasic', { email: 'contract@example.com' });
  });
  beforeEach(() => {
    doc.clear();
    doc.violations.length = 0;
  });

  const runJobs = async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.ctx.db.execute(sql`update jobs set run_at = now() where done_at is null and failed_at is null`);
      await t.app.jobs.drain();
    }
  };
  const paidUntil = async () => {
    const [row] = await queryRows<{ at: string }>(
      t.app.ctx.db,
      sql`select expires_at as at from subscriptions where user_id = ${owner.user.id} and type = 'normal'`,
    );
    return new Date(row!.at).toISOString().slice(0, 19).replace('T', ' ').replaceAll('-', '/');
  };
  /** The whole campaign as the documentation shapes it, with this website's values. */
  const campaign = async (fields: Record<string, unknown> = {}) => ({
    title: `traffic-site-${siteId}-campaign`,
    urls: ['https://www.example.com/landing'],
    isAdult: false,
    hasCoinMining: false,
    duration: [60, 180],
    referrers: { mode: 'basic', urls: [] },
    geo: { rule: 'all', by: 'country', codes: null },
    maxHits: 0,
    untilDate: await paidUntil(),
    userState: 'running',
    adSafe: 'google-ads',
    ...fields,
  });
  /** A body equal to `expected` except for hourlyLimit (checked to deliver `daily`) and macros (checked by the peer). */
  const campaignBody =
    (expected: Record<string, unknown>, daily: number, extra: (b: Record<string, unknown>) => void = () => {}) =>
    (raw: unknown) => {
      const { hourlyLimit, macros, ...rest } = raw as {
        hourlyLimit: { speed: string; hours: { min: number; max: number }[] };
        macros: string;
      };
      expect(rest).toEqual(expected);
      expect(hourlyLimit.speed).toBe('fast');
      expect(hourlyLimit.hours).toHaveLength(24);
      expect(hourlyLimit.hours.reduce((sum, h) => sum + Math.max(h.max, 0), 0)).toBe(daily);
      expect(typeof macros).toBe('string');
      extra(raw as Record<string, unknown>);
    };
  const readBack = (): Expected => ({ method: 'GET', path: 'siteGet', query: { filter: `id:${campaignId}` } });
  const update = (expected: Record<string, unknown>, daily: number, extra?: (b: Record<string, unknown>) => void): Expected => ({
    method: 'POST',
    path: 'siteUpdate',
    body: campaignBody({ id: campaignId, ...expected }, daily, extra),
  });

  function expectCalls(calls: RecordedCall[], expected: Expected[]): void {
    expect(doc.violations).toEqual([]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(expected.map((e) => `${e.method} ${e.path}`));
    calls.forEach((call, i) => {
      const e = expected[i]!;
      expect(call.key, `${call.path} carries the key`).toBe(KEY);
      expect(call.query).toEqual(e.query ?? {});
      if (e.method === 'POST') expect(call.contentType).toContain('application/json');
      if (e.body) e.body(call.body);
      else expect(call.body).toBeUndefined();
    });
  }

  const edit = (fields: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/website', headers: owner.headers, payload: websiteBody({ id: siteId, ...fields }) });
  const step = async (action: () => Promise<{ statusCode: number; body: string }>, expected: () => Promise<Expected[]>) => {
    doc.clear();
    const res = await action();
    expect(res.statusCode, res.body).toBeLessThan(300);
    await runJobs();
    expectCalls(doc.calls, await expected());
  };

  it('create: a title search (500 a page, from page 1), siteAdd with every field, then a read by id', async () => {
    const res = await createWebsite(t.app, owner, { daily_hit_limit: 100 });
    siteId = res.json().id;
    // Another campaign at 9Hits whose title merely contains this website's.
    doc.seed(`copy of traffic-site-${siteId}-campaign`);
    await runJobs();
    campaignId = doc.campaigns.find((c) => c.title === `traffic-site-${siteId}-campaign`)!.id;
    const expected = await campaign();
    expectCalls(doc.calls, [
      { method: 'GET', path: 'siteGet', query: { filter: `traffic-site-${siteId}-campaign`, limit: '500', page: '1' } },
      {
        method: 'POST',
        path: 'siteAdd',
        body: campaignBody(expected, 100, (b) => expect(b.macros).toContain('ClickRandomInternalLink()')),
      },
      readBack(),
    ]);
    const hours = (doc.calls[1]!.body as { hourlyLimit: { hours: { min: number; max: number }[] } }).hourlyLimit.hours;
    expect(hours.filter((h) => h.min === 5 && h.max === 5)).toHaveLength(4);
    expect(hours.filter((h) => h.min === 4 && h.max === 4)).toHaveLength(20);
  });

  // Each edit names the website's whole new state and the campaign fields that differ from the defaults.
  const HITS = { daily_hit_limit: 300 };
  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['hits', HITS, {}],
    [
      'geo to specific countries',
      { ...HITS, geolocation_type: 'Specific Countries', geolocations: ['Canada', 'Japan'] },
      { geo: { rule: 'any', by: 'country', codes: ['CA', 'JP'] } },
    ],
    ['geo back to all countries', { ...HITS, geolocation_type: 'All Countries', geolocations: [] }, {}],
    [
      'a referrer',
      { ...HITS, traffic_source: 'Referal', traffic_source_type: 'https://ref.example.com/' },
      { referrers: { mode: 'basic', urls: ['https://ref.example.com/'] } },
    ],
    ['the referrer cleared', { ...HITS, traffic_source: 'Direct', traffic_source_type: '' }, {}],
    ['bounce reduction off', { ...HITS, bounce_rate_reduction: false }, { duration: [20, 40] }],
  ])('edit (%s): siteUpdate with the id and every field, a cleared one as its documented empty value', async (name, input, fields) => {
    const noMacro = name === 'bounce reduction off';
    await step(
      () => edit(input),
      async () => [
        update(await campaign(fields), 300, (b) => (noMacro ? expect(b.macros).toBe('') : expect(b.macros).toContain('EvalScript'))),
        readBack(),
      ],
    );
  });

  it('pause and resume: siteUpdate with userState paused, then running', async () => {
    const pause = () => t.app.inject({ method: 'POST', url: `/api/website/${siteId}/pause`, headers: owner.headers });
    await step(pause, async () => [update(await campaign({ duration: [20, 40], userState: 'paused' }), 300), readBack()]);
    await step(pause, async () => [update(await campaign({ duration: [20, 40], userState: 'running' }), 300), readBack()]);
  });

  it('delete: a title search for strays, then siteDel with the id only (never a near match)', async () => {
    await step(
      () => t.app.inject({ method: 'DELETE', url: `/api/website/${siteId}`, headers: owner.headers }),
      async () => [
        { method: 'GET', path: 'siteGet', query: { filter: `traffic-site-${siteId}-campaign`, limit: '500', page: '1' } },
        { method: 'POST', path: 'siteDel', body: (b) => expect(b).toEqual([campaignId]) },
      ],
    );
    expect(doc.campaigns.map((c) => c.title)).toEqual([`copy of traffic-site-${siteId}-campaign`]);
  });

  it('a lost siteAdd answer: pages through the title search and adopts the exact title only', async () => {
    const site = (await createWebsite(t.app, owner, { url: 'https://lost.example.com/' })).json();
    // 600 near matches (page 1 and part of page 2: campaigns whose URL holds our title) before ours would be found.
    for (let i = 0; i < 600; i++) doc.seed(`mirror ${i}`, [`https://mirror.example.net/traffic-site-${site.id}-campaign/${i}`]);
    doc.loseNextAnswer('siteAdd');
    await runJobs();
    const ours = doc.campaigns.filter((c) => c.title === `traffic-site-${site.id}-campaign`);
    expect(ours).toHaveLength(1);
    const search = (page: string) => ({
      method: 'GET' as const,
      path: 'siteGet',
      query: { filter: `traffic-site-${site.id}-campaign`, limit: '500', page },
    });
    expect(doc.calls.map((c) => `${c.method} ${c.path} ${c.query.page ?? c.query.filter ?? ''}`)).toEqual([
      'GET siteGet 1',
      'GET siteGet 2',
      'POST siteAdd ',
      'GET siteGet 1',
      'GET siteGet 2',
      'POST siteUpdate ',
      `GET siteGet id:${ours[0]!.id}`,
    ]);
    expectCalls(doc.calls.slice(3, 5), [search('1'), search('2')]);
    expect((doc.calls[5]!.body as { id: number }).id).toBe(ours[0]!.id);
    const [row] = await queryRows<{ ninehits_key: string }>(t.app.ctx.db, sql`select ninehits_key from websites where id = ${site.id}`);
    expect(row!.ninehits_key).toBe(String(ours[0]!.id));
  });

  it("the admin's account balance: profileGet with the key and nothing else", async () => {
    const admin = await loginAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/ninehits-account', headers: admin.headers });
    expect(res.json()).toMatchObject({ points: 803.57, slots: { available: 78 } });
    expectCalls(doc.calls, [{ method: 'GET', path: 'profileGet' }]);
  });
});
