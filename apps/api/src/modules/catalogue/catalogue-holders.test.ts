import { beforeEach, describe, expect, it } from 'vitest';
import { customerWithPackage, loginAdmin, type Session } from '../../test-support/accounts.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';

describe('who a catalogue deletion affects', () => {
  let admin: Session;
  const t = useTestApp();
  beforeEach(async () => {
    admin = await loginAdmin(t.app);
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });

  it('names the current subscribers of a package and the holders of an add-on, soonest ending first', async () => {
    await customerWithPackage(t.app, 'pkgBasic', { email: 'zed@example.com', username: 'zed' }, [{ kind: 'hits', id: '1000Hits' }]);
    await customerWithPackage(t.app, 'pkgStandard', { email: 'amy@example.com', username: 'amy' });

    const basic = (await get('/api/packages/pkgBasic/holders')).json();
    expect(basic).toMatchObject({ id: 'pkgBasic', name: 'Basic', total: 1 });
    expect(basic.holders).toEqual([expect.objectContaining({ username: 'zed', email: 'zed@example.com', renews: false })]);
    expect(Date.parse(basic.holders[0].endsAt)).toBeGreaterThan(Date.now());

    const hits = (await get('/api/additional-hits/1000Hits/holders')).json();
    expect(hits).toMatchObject({ id: '1000Hits', total: 1, holders: [expect.objectContaining({ username: 'zed' })] });
    expect((await get('/api/additional-slots/10Slots/holders')).json()).toMatchObject({ total: 0, holders: [] });
    expect((await get('/api/packages/pkgPremium/holders')).json()).toMatchObject({ total: 0, holders: [] });
  });

  it("still names a package's subscribers after an administrator changed the package's type", async () => {
    await customerWithPackage(t.app, 'pkgBasic', { email: 'zed@example.com', username: 'zed' });
    const edit = await t.app.inject({
      method: 'PUT',
      url: '/api/packages',
      headers: admin.headers,
      payload: { id: 'pkgBasic', name: 'Basic', price: '14.99', hits_per_day: 1000, slots: 6, type: 'seo' },
    });
    expect(edit.json()).toMatchObject({ id: 'pkgBasic', type: 'seo' });

    const basic = (await get('/api/packages/pkgBasic/holders')).json();
    expect(basic).toMatchObject({ total: 1, holders: [expect.objectContaining({ username: 'zed' })] });
  });

  it('answers 404 for an unknown or retired item, and for an add-on of the other kind', async () => {
    expect((await get('/api/packages/pkgNope/holders')).statusCode).toBe(404);
    expect((await get('/api/additional-slots/1000Hits/holders')).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: '/api/packages/pkgPremium', headers: admin.headers });
    expect((await get('/api/packages/pkgPremium/holders')).statusCode).toBe(404);
  });
});
