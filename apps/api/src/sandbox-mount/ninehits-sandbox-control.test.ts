import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.ts';
import { loadConfig, SANDBOX_CREDENTIALS } from '../config.ts';
import { createListeningTestApp } from '../test-support/listening-app.ts';
import { LIVE_TEST_ENV, testEnv, type TestApp } from '../test-support/test-app.ts';
import { SANDBOX_HOUR_MS } from '@traffic/sandboxes';
import { documentedCampaign } from '../test-support/ninehits.ts';

const KEY: string = SANDBOX_CREDENTIALS.ninehitsApiKey;
const H = SANDBOX_HOUR_MS;
const hours = (max: (hour: number) => number) => Array.from({ length: 24 }, (_, h) => ({ min: max(h), max: max(h) }));

describe('the sandbox control route', () => {
  let t: TestApp & { baseUrl: string };
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    await control({ reset: true });
  });
  afterAll(() => t.close());

  async function control(body: unknown, key = KEY) {
    return fetch(`${t.baseUrl}/sandbox/9hits/control?key=${key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }
  const call = (path: string, body?: unknown, query: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}/sandbox/9hits/api/${path}?${new URLSearchParams({ key: KEY, ...query })}`, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  const count = async () => ((await (await call('siteGet')).json()) as { data: unknown[] }).data.length;
  const campaign = async (id: number) =>
    ((await (await call('siteGet', undefined, { filter: `id:${id}` })).json()) as { data: Record<string, unknown>[] }).data[0]!;
  const add = async (overrides: Record<string, unknown> = {}) => {
    const res = (await (await call('siteAdd', documentedCampaign(overrides))).json()) as { messages: string[] };
    return Number(/#(\d+)/.exec(res.messages[0]!)![1]);
  };
  /** As if the campaign had been running for `ms` (and was created long enough ago to be approved). */
  const runFor = (ms: number) =>
    t.app.ctx.db.execute(
      sql`update sandbox_ninehits_campaigns set created_at = now() - interval '1 hour', accrued_at = now() - ${`${ms} milliseconds`}::interval`,
    );

  it('needs the key, and refuses what it does not know', async () => {
    expect((await control({ delayMs: 10 }, 'wrong')).status).toBe(401);
    const bad = await control({ delayMs: 'slow' });
    expect(bad.status).toBe(400);
    expect((await bad.json()) as object).toMatchObject({ status: 'error', data: null });
    expect((await control({ failEverything: true })).status).toBe(400);
  });

  it('fails the next calls without doing anything, then answers again', async () => {
    expect((await control({ fail: { count: 2, with: 'error-envelope', path: 'siteAdd' } })).status).toBe(200);
    expect((await (await call('siteAdd', documentedCampaign())).json()) as object).toEqual({
      status: 'error',
      messages: ['Service is temporarily unavailable.'],
      data: null,
    });
    const second = await call('siteAdd', documentedCampaign());
    expect(second.status).toBe(200);
    expect(await count()).toBe(0);
    expect(((await (await call('siteAdd', documentedCampaign())).json()) as { status: string }).status).toBe('ok');
    expect(await count()).toBe(1);

    await control({ fail: { count: 1, with: 'http-502' } });
    const page = await call('siteGet');
    expect(page.status).toBe(502);
    expect(page.headers.get('content-type')).toContain('text/html');
    await control({ fail: { count: 1, with: 'http-500' } });
    expect((await call('profileGet')).status).toBe(500);
  });

  it('loses the answer after doing the work: a dropped connection or a 502', async () => {
    await control({ lose: { count: 1, with: 'reset', path: 'siteAdd' } });
    await expect(call('siteAdd', documentedCampaign({ title: 'lost' }))).rejects.toThrow();
    await control({ lose: { count: 1, with: 'http-502', path: 'siteAdd' } });
    expect((await call('siteAdd', documentedCampaign({ title: 'spoiled' }))).status).toBe(502);
    expect(await count()).toBe(2);
    // A refused call is not "carried out", so its answer is not the one lost.
    await control({ lose: { count: 1, with: 'http-502', path: 'siteAdd' } });
    expect(((await (await call('siteAdd', { title: 'incomplete' })).json()) as { status: string }).status).toBe('error');
    expect((await call('siteAdd', documentedCampaign({ title: 'third' }))).status).toBe(502);
  });

  it('answers slowly when told to', async () => {
    await control({ delayMs: 600 });
    const started = Date.now();
    await call('profileGet');
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });

  it("sets a campaign's moderation: a campaign it has not approved delivers nothing", async () => {
    const id = await add({ maxHits: 0, hourlyLimit: { speed: 'fast', hours: hours(() => 36) } });
    await runFor(H);
    expect((await campaign(id)).confirmedHits).toBeGreaterThanOrEqual(36);
    expect((await control({ systemState: { id, state: 'rejected' } })).status).toBe(200);
    const banked = (await campaign(id)).confirmedHits as number;
    await runFor(5 * H);
    expect(await campaign(id)).toMatchObject({ systemState: 'rejected', confirmedHits: banked });
    expect((await control({ systemState: { id: id + 999, state: 'approved' } })).status).toBe(404);
  });

  it('delivers only while running, before untilDate and up to maxHits', async () => {
    const every = { hourlyLimit: { speed: 'fast', hours: hours(() => 36) } };
    const running = await add({ ...every, maxHits: 0 });
    const paused = await add({ ...every, maxHits: 0, userState: 'paused' });
    const ended = await add({ ...every, maxHits: 0, untilDate: '2020/01/01 00:00:00' });
    const capped = await add({ ...every, maxHits: 50 });
    await runFor(3 * H);
    const hits = async (id: number) => (await campaign(id)).confirmedHits;
    expect(await hits(running)).toBeGreaterThanOrEqual(108);
    expect(await hits(paused)).toBe(0);
    expect(await hits(ended)).toBe(0);
    expect(await hits(capped)).toBe(50);
  });

  it("sets the account's points and slots; with no slot left siteAdd is refused", async () => {
    await add();
    await control({ account: { points: 12.5, slots: 1 } });
    const profile = (await (await call('profileGet')).json()) as { data: unknown };
    expect(profile.data).toMatchObject({ points: 12.5, slots: { used: 1, available: 0 } });
    expect((await (await call('siteAdd', documentedCampaign())).json()) as object).toMatchObject({
      status: 'error',
      messages: ['You have no campaign slots left.'],
    });
  });

  it('does not exist in live mode', async () => {
    const live = await buildApp(loadConfig(testEnv(LIVE_TEST_ENV)), { database: t.testDb.database, logger: false, runJobs: false });
    try {
      for (const url of [`/sandbox/9hits/control?key=${KEY}`, `/sandbox/9hits/api/siteAdd?key=${KEY}`]) {
        expect((await live.inject({ method: 'POST', url, payload: { reset: true } })).statusCode).toBe(404);
      }
    } finally {
      await live.close();
    }
  });
});
