import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NinehitsAccount } from '@traffic/shared/schemas/ninehits.schema';
import { fail, ok } from '../../../test/fake-api.ts';
import { FIRST_LOAD, openAsAdmin, user } from '../admin-console-test-kit.ts';

// The route loads the screen lazily; a cold first import can outlast a query's default wait.
beforeAll(async () => {
  await import('./admin-dashboard.tsx');
});

const account = (overrides: Partial<NinehitsAccount> = {}): NinehitsAccount => ({
  points: 803_570,
  slots: { used: 120, available: 380 },
  low: { points: false, slots: false },
  thresholds: { points: 100_000, slots: 50 },
  checked_at: '2026-11-20T10:15:00.000Z',
  ...overrides,
});

function openDashboard(reply: NonNullable<Parameters<typeof openAsAdmin>[1]>[string]) {
  return openAsAdmin('/home', {
    'GET /admin/users': ok({ count: 1 }),
    'GET /admin/websites': ok({ count: 1 }),
    'GET /admin/expire': ok([]),
    'GET /admin/latest-websites': ok([]),
    'GET /admin/ninehits-account': reply,
  });
}
const card = () => screen.findByRole('region', { name: '9Hits account' }, FIRST_LOAD);

describe('the 9Hits account on the admin dashboard', () => {
  it('shows the points and free campaign slots, with no warning while they last', async () => {
    openDashboard(ok(account()));
    const region = await card();
    expect(await within(region).findByRole('group', { name: 'Points' })).toHaveTextContent('803,570');
    expect(within(region).getByRole('group', { name: 'Free campaign slots' })).toHaveTextContent('380120 in use');
    expect(within(region).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when the points or the slots run low', async () => {
    openDashboard(ok(account({ points: 4_200, slots: { used: 480, available: 20 }, low: { points: true, slots: true } })));
    const region = await card();
    const alerts = await within(region).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('9Hits points are running low (under 100,000)'),
      expect.stringContaining('Only 20 free campaign slots are left at 9Hits (warning under 50)'),
    ]);
  });

  it('says so when 9Hits does not answer, and asks again on Retry', async () => {
    const { api } = openDashboard(fail(502, 'UPSTREAM', '9Hits did not answer: 9Hits profileGet unreachable: fetch failed'));
    const region = await card();
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Could not read the 9Hits account. 9Hits did not answer: 9Hits profileGet unreachable',
    );
    api.reply('GET /admin/ninehits-account', ok(account()));
    await user.click(within(region).getByRole('button', { name: 'Retry' }));
    expect(await within(region).findByRole('group', { name: 'Points' })).toHaveTextContent('803,570');
    expect(api.callsTo('GET /admin/ninehits-account')).toHaveLength(2);
  });

  it('shows it is loading until the answer comes', async () => {
    openDashboard(() => new Promise(() => {}));
    expect(await within(await card()).findByLabelText('Loading the 9Hits account')).toBeInTheDocument();
  });
});
