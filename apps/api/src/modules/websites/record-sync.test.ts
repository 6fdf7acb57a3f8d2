import { describe, expect, it } from 'vitest';
import { customerWithPackage } from '../../test-support/accounts.ts';
import { useTestApp } from '../../test-support/use-test-app.ts';
import { createWebsite } from '../../test-support/websites.ts';
import { findWebsite, recordSync, updateWebsiteRow } from './websites.repository.ts';

/*
 * The end of a 9Hits sync (delivery-jobs.ts) in one statement: the campaign's moderation state is
 * stored whatever happened meanwhile, the synced mark and key only for the website as the job read it.
 */
describe('recording a sync', () => {
  const t = useTestApp();

  it('marks the website synced with its key when it has not changed since the job read it', async () => {
    const customer = await customerWithPackage(t.app, 'pkgBasic');
    const { id } = (await createWebsite(t.app, customer)).json<{ id: number }>();
    const read = (await findWebsite(t.app.ctx.db, id))!;
    const at = t.app.ctx.now();
    expect(await recordSync(t.app.ctx.db, id, read.updatedAt, '4242', { state: 'PENDING', at })).toBe(true);
    expect(await findWebsite(t.app.ctx.db, id)).toMatchObject({ syncState: 'synced', ninehitsKey: '4242', ninehitsState: 'PENDING' });
  });

  it('stores the state but leaves the website to sync again when it changed during the sync', async () => {
    const customer = await customerWithPackage(t.app, 'pkgBasic');
    const { id } = (await createWebsite(t.app, customer)).json<{ id: number }>();
    const read = (await findWebsite(t.app.ctx.db, id))!;
    // The customer edits it while the job talks to 9Hits.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await updateWebsiteRow(t.app.ctx.db, id, { dailyHitLimit: 150, syncState: 'pending' });
    expect(await recordSync(t.app.ctx.db, id, read.updatedAt, '4242', { state: 'APPROVED', at: t.app.ctx.now() })).toBe(false);
    expect(await findWebsite(t.app.ctx.db, id)).toMatchObject({
      syncState: 'pending',
      ninehitsKey: read.ninehitsKey,
      ninehitsState: 'APPROVED',
    });
  });

  it('answers false for a website deleted meanwhile', async () => {
    expect(await recordSync(t.app.ctx.db, 987654, new Date(), '1', { state: null, at: t.app.ctx.now() })).toBe(false);
  });
});
