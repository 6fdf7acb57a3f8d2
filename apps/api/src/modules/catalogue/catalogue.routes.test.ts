import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe('public catalogue reads', () => {
  const t = useTestApp();

  it('GET /api/packages lists the seeded packages with the documented field names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/packages' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>[];
    const basic = body.find((p) => p.id === 'pkgBasic');
    expect(basic).toEqual({
      id: 'pkgBasic',
      name: 'Basic',
      price: '14.99',
      description: expect.stringContaining('<li>'),
      type: 'normal',
      hits_per_day: 1000,
      slots: 6,
    });
    expect(body.map((p) => p.id)).toEqual(expect.arrayContaining(['pkgBasic', 'pkgStandard', 'pkgPremium', 'pkgPremiumPlus']));
    expect(body.some((p) => p.type === 'seo')).toBe(true);
  });

  it('GET /api/additional-hits and /api/additional-slots list the add-ons with the documented field names', async () => {
    const hits = (await t.app.inject({ method: 'GET', url: '/api/additional-hits' })).json() as Record<string, unknown>[];
    expect(hits.find((h) => h.id === '1000Hits')).toEqual({
      id: '1000Hits',
      name: '1000 Extra Hits',
      price: '4.99',
      count: 1000,
      type: 'normal',
    });
    expect(hits.every((h) => String(h.id).endsWith('Hits'))).toBe(true);

    const slots = (await t.app.inject({ method: 'GET', url: '/api/additional-slots' })).json() as Record<string, unknown>[];
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => String(s.id).endsWith('Slots') && Object.keys(s).sort().join() === 'count,id,name,price,type')).toBe(true);
  });

  it('leaves deleted (retired) items out', async () => {
    await t.app.ctx.db.execute(sql`update packages set deleted_at = now() where id = 'pkgStandard'`);
    await t.app.ctx.catalogue.changed();
    const body = (await t.app.inject({ method: 'GET', url: '/api/packages' })).json() as { id: string }[];
    expect(body.map((p) => p.id)).not.toContain('pkgStandard');
  });
});

describe('health and the error shape', () => {
  const t = useTestApp({}, 'never');

  it('GET /api/health checks the database', async () => {
    // Its details answer this machine (the metrics rule); anyone else gets the status only.
    const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ database: 'ok', redis: 'off', jobs: { dead: 0 } });
  });

  it('answers an unknown API path with 404 and the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'No route GET /api/no-such-thing.' });
  });

  it('answers malformed JSON with 400 and the error shape, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });
  });

  it('answers an oversized body with 413 and the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/packages', '/api/additional-hits', '/api/additional-slots', '/api/health']),
    );
  });

  it('sets security headers on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/packages' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('identifies the caller before reading the body: a visitor gets 401, not a validation message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(401);
  });

  it('every API route declares its access rule', () => {
    expect(t.app.routeRegistry.length).toBeGreaterThan(0);
    expect(t.app.routeRegistry).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/packages', auth: 'public' }));
  });
});
