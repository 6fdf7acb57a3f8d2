import { beforeEach, describe, expect, it } from 'vitest';
import { loginAdmin, registerCustomer, type Session } from '../../test-support/accounts.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe('admin catalogue', () => {
  let admin: Session;
  const t = useTestApp();
  beforeEach(async () => {
    admin = await loginAdmin(t.app);
  });

  const list = async (path: string) => (await t.app.inject({ method: 'GET', url: `/api/${path}` })).json() as Record<string, unknown>[];
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = admin.headers) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('creates a package with the id built from its name, listed at once', async () => {
    const res = await call('POST', '/api/packages', {
      id: 'ignored',
      name: 'Mega Pack 2',
      price: 99,
      hits_per_day: '2500',
      slots: 12,
      description: '<ul><li>2500 hits</li></ul>',
      type: 'seo',
    });
    expect(res.statusCode).toBe(201);
    const created = {
      id: 'pkgMegaPack2',
      name: 'Mega Pack 2',
      price: '99.00',
      hits_per_day: 2500,
      slots: 12,
      description: '<ul><li>2500 hits</li></ul>',
      type: 'seo',
    };
    expect(res.json()).toEqual(created);
    expect(await list('packages')).toContainEqual(created);
  });

  it('defaults the type to normal, and refuses an id that exists with 409', async () => {
    const body = { name: 'Basic', price: 1, hits_per_day: 100, slots: 1, description: '' };
    const res = await call('POST', '/api/packages', body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'CONFLICT', message: 'A package with id pkgBasic already exists.' });
    const fresh = await call('POST', '/api/packages', { ...body, name: 'Fresh' });
    expect(fresh.json().type).toBe('normal');
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: '***' }, 'Name must contain letters or digits'],
    [{ price: -1 }, 'Price must be an amount of at least 0.01'],
    [{ price: 'abc' }, 'Price must be an amount of at least 0.01'],
    [{ hits_per_day: 1.5 }, 'Hits must be a whole number of at least 1'],
    [{ hits_per_day: 0 }, 'Hits must be a whole number of at least 1'],
    [{ slots: -3 }, 'Slots must be a whole number of at least 1'],
    [{ type: 'gold' }, undefined],
  ])('refuses package %j with 400 and changes nothing', async (override, message) => {
    const before = await list('packages');
    const res = await call('POST', '/api/packages', { name: 'Bad', price: 5, hits_per_day: 100, slots: 2, description: '', ...override });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect(await list('packages')).toEqual(before);
  });

  it('edits a package inline and retires it', async () => {
    const edit = await call('PUT', '/api/packages', {
      id: 'pkgBasic',
      name: 'Basic',
      price: '15.49',
      hits_per_day: 1100,
      slots: 7,
      description: 'new',
    });
    expect(edit.json()).toMatchObject({ id: 'pkgBasic', price: '15.49', hits_per_day: 1100, slots: 7, description: 'new', type: 'normal' });
    expect((await list('packages')).find((p) => p.id === 'pkgBasic')).toMatchObject({ price: '15.49' });

    expect((await call('DELETE', '/api/packages/pkgBasic')).json()).toEqual({ ok: true });
    expect((await list('packages')).map((p) => p.id)).not.toContain('pkgBasic');
    expect((await call('DELETE', '/api/packages/pkgBasic')).statusCode).toBe(404);
    expect((await call('PUT', '/api/packages', { id: 'pkgBasic', name: 'B', price: 1, hits_per_day: 1, slots: 1 })).statusCode).toBe(404);

    // Re-creating a retired item brings its id back with the new values.
    const again = await call('POST', '/api/packages', { name: 'Basic', price: 20, hits_per_day: 500, slots: 3, description: '' });
    expect(again.statusCode).toBe(201);
    expect((await list('packages')).find((p) => p.id === 'pkgBasic')).toMatchObject({ price: '20.00', hits_per_day: 500 });
  });

  it('answers from memory once the catalogue is loaded, and never from the copy a change replaced', async () => {
    const ids = async () => (await list('packages')).map((p) => p.id);
    expect(await ids()).toContain('pkgBasic');
    expect(t.app.ctx.catalogue.ready()?.packages).toContain('"pkgBasic"');
    expect(await ids()).toContain('pkgBasic');

    expect((await call('DELETE', '/api/packages/pkgBasic')).statusCode).toBe(200);
    expect(t.app.ctx.catalogue.ready()).toBeUndefined();
    expect(await ids()).not.toContain('pkgBasic');
    // Held again after a call (on PostgreSQL this process's own NOTIFY may drop the fresh copy once more).
    let held: string | undefined;
    await expect
      .poll(async () => {
        expect(await ids()).not.toContain('pkgBasic');
        return (held = t.app.ctx.catalogue.ready()?.packages);
      })
      .toBeDefined();
    expect(held).not.toContain('"pkgBasic"');
  });

  it('creates, edits and retires extra hits and extra slots, ids from the count', async () => {
    const hits = await call('POST', '/api/additional-hits', { name: 'Big boost', price: 30, count: 7000, type: 'normal' });
    expect(hits.json()).toEqual({ id: '7000Hits', name: 'Big boost', price: '30.00', count: 7000, type: 'normal' });
    const slots = await call('POST', '/api/additional-slots', { name: 'Room', price: '3', count: '3', type: 'seo' });
    expect(slots.json()).toEqual({ id: '3Slots', name: 'Room', price: '3.00', count: 3, type: 'seo' });
    expect((await call('POST', '/api/additional-hits', { name: 'Dup', price: 1, count: 1000 })).statusCode).toBe(409);

    const edited = await call('PUT', '/api/additional-slots', { id: '3Slots', name: 'Room+', price: 4, count: 3, type: 'seo' });
    expect(edited.json().name).toBe('Room+');
    // A slots id is not a hits item.
    expect((await call('PUT', '/api/additional-hits', { id: '3Slots', name: 'x', price: 4, count: 3 })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/additional-hits/3Slots')).statusCode).toBe(404);

    expect((await call('DELETE', '/api/additional-slots/3Slots')).statusCode).toBe(200);
    expect((await list('additional-slots')).map((s) => s.id)).not.toContain('3Slots');
    expect((await list('additional-hits')).map((s) => s.id)).toContain('7000Hits');
    expect((await call('POST', '/api/additional-hits', { name: 'x', price: 1, count: 0 })).json().message).toBe(
      'Count must be a whole number of at least 1',
    );
  });

  it('refuses every catalogue write to visitors (401) and customers (403)', async () => {
    const customer = await registerCustomer(t.app);
    const writes: ['POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['POST', '/api/packages', { name: 'X', price: 1, hits_per_day: 1, slots: 1 }],
      ['PUT', '/api/packages', { id: 'pkgBasic', name: 'X', price: 1, hits_per_day: 1, slots: 1 }],
      ['DELETE', '/api/packages/pkgBasic'],
      ['POST', '/api/additional-hits', { name: 'X', price: 1, count: 5 }],
      ['PUT', '/api/additional-hits', { id: '1000Hits', name: 'X', price: 1, count: 5 }],
      ['DELETE', '/api/additional-hits/1000Hits'],
      ['POST', '/api/additional-slots', { name: 'X', price: 1, count: 5 }],
      ['PUT', '/api/additional-slots', { id: '5Slots', name: 'X', price: 1, count: 5 }],
      ['DELETE', '/api/additional-slots/5Slots'],
    ];
    const before = [await list('packages'), await list('additional-hits'), await list('additional-slots')];
    for (const [method, url, payload] of writes) {
      const visitor = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(visitor.statusCode, `${method} ${url}`).toBe(401);
      const asCustomer = await call(method, url, payload, customer.headers);
      expect(asCustomer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect([await list('packages'), await list('additional-hits'), await list('additional-slots')]).toEqual(before);
  });
});
