import { beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared';
import { customerWithPackage, registerCustomer, loginAdmin, type Session } from '../../test-support/accounts.ts';
import { createWebsite, statsOf, websiteBody } from '../../test-support/websites.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe('websites: creating, editing and capacity', () => {
  let owner: Session;
  const t = useTestApp();
  beforeEach(async () => {
    owner = await customerWithPackage(t.app, 'pkgBasic', { email: 'owner@example.com' });
  });

  it('creates an ACTIVE website owned by the signed-in user, whatever the body says', async () => {
    const other = await registerCustomer(t.app);
    const res = await createWebsite(t.app, owner, {
      user_id: other.user.id,
      email: other.user.email,
      status: 'PAUSED',
      traffic_source: 'Referal',
      traffic_source_type: 'https://www.wikipedia.org',
      geolocation_type: 'Specific Countries',
      geolocations: ['Canada', { geolocation: 'Japan' }, 'DE'],
      daily_hit_limit: 300,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      url: 'https://www.example.com/landing',
      daily_hit_limit: 300,
      traffic_source: 'Referal',
      traffic_source_type: 'https://www.wikipedia.org',
      geolocation_type: 'Specific Countries',
      status: 'ACTIVE',
      type: 'normal',
      user_id: owner.user.id,
      email: 'owner@example.com',
      ninehits_key: null,
      ninehits_state: null,
    });
    expect(
      res
        .json()
        .locations.map((l: { geolocation: string }) => l.geolocation)
        .sort(),
    ).toEqual(['Canada', 'Germany', 'Japan']);
    expect(await statsOf(t.app, owner)).toMatchObject({ usedHits: 300, availableHits: 700, usedSlots: 1, availableSlots: 5 });
  });

  it.each([
    [{ url: 'not a url' }, MSG.invalidUrl],
    [{ url: 'ftp://example.com' }, MSG.invalidUrl],
    [{ traffic_source: 'Referal', traffic_source_type: '' }, MSG.fillTheFields],
    [{ traffic_source: 'Organic', traffic_source_type: '' }, MSG.fillTheFields],
    [{ traffic_source: 'Social', traffic_source_type: 'MySpace' }, MSG.fillTheFields],
    [{ traffic_source: 'Organic', traffic_source_type: 'a,b,c,d,e,f' }, MSG.keywordLimit],
    [{ geolocation_type: 'Specific Countries', geolocations: [] }, MSG.selectCountry],
    [{ geolocation_type: 'Specific Countries', geolocations: ['Atlantis'] }, MSG.selectCountry],
    [{ daily_hit_limit: 150 }, 'Hits per day must be a multiple of 100 from 100'],
    [{ daily_hit_limit: 50 }, 'Hits per day must be a multiple of 100 from 100'],
    [{ daily_hit_limit: 1100 }, MSG.limitReached],
    [{ type: 'seo', search_engine: 'google', traffic_source_type: 'shoes' }, MSG.fillRequired],
    [{ traffic_source: 'Email' }, MSG.fillRequired],
  ])('refuses %j with the documented message and creates nothing', async (override, message) => {
    const res = await createWebsite(t.app, owner, override);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toBe(message);
    expect((await statsOf(t.app, owner)).usedSlots).toBe(0);
  });

  it('refuses the slot after the last: This package has no empty slots', async () => {
    for (let i = 0; i < 6; i++) expect((await createWebsite(t.app, owner, { url: `https://site${i}.example.com` })).statusCode).toBe(201);
    const res = await createWebsite(t.app, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CAPACITY', message: MSG.noEmptySlots });
  });

  it('refuses an address already listed in the same package type, naming it; another type may list it', async () => {
    expect((await createWebsite(t.app, owner, { url: 'https://Shop.Example.com/' })).statusCode).toBe(201);
    for (const url of ['https://shop.example.com', 'HTTPS://SHOP.EXAMPLE.COM/', '  https://shop.example.com/ ']) {
      const res = await createWebsite(t.app, owner, { url });
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(
        'This address is already one of your websites (https://Shop.Example.com/). Each address can be added once per package type.',
      );
    }
    // Another scheme, or another path, is another address.
    expect((await createWebsite(t.app, owner, { url: 'http://shop.example.com/' })).statusCode).toBe(201);
    expect((await createWebsite(t.app, owner, { url: 'https://shop.example.com/Sale' })).statusCode).toBe(201);
    expect((await statsOf(t.app, owner)).usedSlots).toBe(3);
  });

  it('lets only one of two concurrent creates of one address through', async () => {
    const results = await Promise.all([1, 2, 3, 4].map(() => createWebsite(t.app, owner, { url: 'https://race.example.com/' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
  });

  it('holds capacity under 50 concurrent creates: room for exactly 10', async () => {
    // pkgBasic: 1000 hits and 6 slots; +5 slots makes 11 slots, so hits (10 × 100) are the limit.
    const racer = await customerWithPackage(t.app, 'pkgBasic', { email: 'racer@example.com' }, [{ kind: 'slots', id: '5Slots' }]);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => createWebsite(t.app, racer, { url: `https://race${i}.example.com` })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(40);
    expect(await statsOf(t.app, racer)).toMatchObject({ usedHits: 1000, availableHits: 0, usedSlots: 10 });
  });

  it('edits: the address stays, the hits may grow by what is available plus the current hits', async () => {
    const created = (await createWebsite(t.app, owner, { daily_hit_limit: 600 })).json();
    await createWebsite(t.app, owner, { url: 'https://second.example.com', daily_hit_limit: 300 });
    const edit = (overrides: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/website', headers: owner.headers, payload: websiteBody({ id: created.id, ...overrides }) });
    expect((await edit({ daily_hit_limit: 800 })).statusCode).toBe(409);
    const ok = await edit({
      daily_hit_limit: 700,
      url: 'https://hijack.example.com',
      traffic_source: 'Social',
      traffic_source_type: 'Reddit',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      url: 'https://www.example.com/landing',
      daily_hit_limit: 700,
      traffic_source: 'Social',
      traffic_source_type: 'Reddit',
    });
    expect(await statsOf(t.app, owner)).toMatchObject({ usedHits: 1000, availableHits: 0 });
  });

  it('seo websites keep their search engine, title and keywords', async () => {
    const seo = await customerWithPackage(t.app, 'pkgSEOStarter', { email: 'seo@example.com' });
    const res = await createWebsite(t.app, seo, {
      type: 'seo',
      search_engine: 'youtube',
      title: 'My video',
      traffic_source: 'Organic',
      traffic_source_type: 'cats, funny cats,kittens',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'seo',
      search_engine: 'youtube',
      title: 'My video',
      traffic_source: 'Organic',
      traffic_source_type: 'cats, funny cats,kittens',
    });
    expect(await statsOf(t.app, seo, 'seo')).toMatchObject({ usedSlots: 1 });
    // A normal website needs a normal package.
    expect((await createWebsite(t.app, seo)).json().message).toBe(MSG.noEmptySlots);
  });

  it("answers a limit the form would have stopped in words, never in the schema library's wording", async () => {
    const seo = await customerWithPackage(t.app, 'pkgSEOStarter', { email: 'seo-long@example.com' });
    const res = await createWebsite(t.app, seo, {
      type: 'seo',
      search_engine: 'google',
      title: 'x'.repeat(600),
      traffic_source: 'Organic',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'The title can be at most 200 characters.' });
    const tooMany = await createWebsite(t.app, owner, { geolocation_type: 'Specific Countries', geolocations: Array(101).fill('DE') });
    expect(tooMany.json().message).toBe('Choose at most 100.');
  });

  it('refuses an INACTIVE or DEACTIVATED account, and an expired subscription', async () => {
    const fresh = await registerCustomer(t.app);
    const inactive = await createWebsite(t.app, fresh);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().message).toBe(MSG.accountDeactivated);

    const admin = await loginAdmin(t.app);
    const deactivate = await t.app.inject({ method: 'PUT', url: '/api/users/deactivate/owner@example.com', headers: admin.headers });
    expect(deactivate.json()).toEqual({ ok: true });
    const deactivated = await createWebsite(t.app, owner);
    expect(deactivated.statusCode).toBe(403);
    expect(deactivated.json().message).toBe(MSG.accountDeactivated);
    await t.app.inject({ method: 'PUT', url: '/api/users/activate/owner@example.com', headers: admin.headers });
    expect((await createWebsite(t.app, owner)).statusCode).toBe(201);

    t.clock.advance(32 * 24 * 60 * 60 * 1000);
    const expiredOwner = await customerWithPackage(t.app, 'pkgBasic');
    t.clock.advance(32 * 24 * 60 * 60 * 1000);
    const expired = await createWebsite(t.app, expiredOwner);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(MSG.noEmptySlots);
  });

  it('pauses and activates, with the documented toasts', async () => {
    const site = (await createWebsite(t.app, owner)).json();
    const pause = await t.app.inject({ method: 'POST', url: `/api/website/${site.id}/pause`, headers: owner.headers });
    expect(pause.json()).toEqual({ status: 'PAUSED', message: 'The website was paused successfully' });
    const again = await t.app.inject({ method: 'POST', url: `/api/website/${site.id}/pause`, headers: owner.headers });
    expect(again.json()).toEqual({ status: 'ACTIVE', message: 'The website was activated successfully' });
  });

  it('deletes a website and frees its capacity', async () => {
    const site = (await createWebsite(t.app, owner, { daily_hit_limit: 500 })).json();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/website/${site.id}/`, headers: owner.headers });
    expect(res.json()).toEqual({ ok: true });
    expect(await statsOf(t.app, owner)).toMatchObject({ usedHits: 0, usedSlots: 0 });
    expect((await t.app.inject({ method: 'POST', url: `/api/website/edit/${site.id}`, headers: owner.headers })).statusCode).toBe(403);
  });

  it('lets only the owner or an admin touch a website', async () => {
    const site = (await createWebsite(t.app, owner)).json();
    const intruder = await customerWithPackage(t.app, 'pkgBasic');
    const calls = [
      ['POST', `/api/website/edit/${site.id}`, undefined],
      ['PUT', '/api/website', websiteBody({ id: site.id, daily_hit_limit: 200 })],
      ['POST', `/api/website/${site.id}/pause`, undefined],
      ['DELETE', `/api/website/${site.id}`, undefined],
      ['GET', `/api/website/${site.id}/hits`, undefined],
    ] as const;
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method, url, headers: intruder.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect((await t.app.inject({ method, url, ...(payload ? { payload } : {}) })).statusCode).toBe(401);
    }
    const loaded = await t.app.inject({ method: 'POST', url: `/api/website/edit/${site.id}`, headers: owner.headers });
    expect(loaded.json()).toMatchObject({ id: site.id, status: 'ACTIVE', daily_hit_limit: 100 });
    const admin = await loginAdmin(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/api/website/edit/${site.id}`, headers: admin.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/website/edit/999999', headers: admin.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/website/edit/abc', headers: admin.headers })).statusCode).toBe(400);
  });

  it("lets an admin pause and unpause all of a user's websites", async () => {
    await createWebsite(t.app, owner);
    await createWebsite(t.app, owner, { url: 'https://two.example.com' });
    const admin = await loginAdmin(t.app);
    const paused = await t.app.inject({ method: 'POST', url: `/api/website/${owner.user.id}/websites/PAUSED`, headers: admin.headers });
    expect(paused.json()).toEqual({ count: 2, message: 'The website was updated successfully' });
    const user = (await t.app.inject({ method: 'POST', url: '/api/users/load/owner@example.com', headers: owner.headers })).json();
    expect(user.websites.map((w: { status: string }) => w.status)).toEqual(['PAUSED', 'PAUSED']);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/website/${owner.user.id}/websites/ACTIVE`, headers: owner.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/website/${owner.user.id}/websites/GONE`, headers: admin.headers })).statusCode,
    ).toBe(400);
  });
});
