import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import type { BusinessStats } from '@traffic/shared/schemas/delivery.schema';
import { fail, ok } from '../../../test/fake-api.ts';
import { findToast } from '../../../test/find-toast.ts';
import { dismissToastsAfterEach, FIRST_LOAD, makeExpiring, makeWebsite, openAsAdmin, user } from '../admin-console-test-kit.ts';

dismissToastsAfterEach();

// The route loads the screen lazily; a cold first import can outlast a query's default wait.
beforeAll(async () => {
  await import('./admin-dashboard.tsx');
});

const ann = makeExpiring();
const bob = makeExpiring({
  id: 8,
  username: 'bob',
  email: 'bob@example.com',
  status: 'DEACTIVATED',
  type: 'seo',
  package_name: 'Seo Starter',
});
const normalSite = makeWebsite();
const seoSite = makeWebsite({
  id: 12,
  url: 'https://bob.example.com',
  type: 'seo',
  traffic_source: 'Organic',
  traffic_source_type: 'best shoes',
  geolocation_type: 'Specific Countries',
  locations: ['Germany', 'France', 'Spain', 'Italy'].map((geolocation, n) => ({ geolocation, code: String(n) })),
  daily_hit_limit: 1200,
  status: 'PAUSED',
});

const days = (n: number) => Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 7, 28 + i)).toISOString().slice(0, 10));
const noMoney = { payhere: 0, paypal: 0, refunds: 0, net: 0 };
const business: BusinessStats = {
  currency: 'USD',
  revenueDays: days(90).map((day, i) => (i === 89 ? { day, payhere: 30, paypal: 12.5, refunds: 10, net: 32.5 } : { day, ...noMoney })),
  revenueMonths: Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    ...(i === 11 ? { payhere: 30, paypal: 12.5, refunds: 10, net: 32.5 } : noMoney),
  })),
  subscriptions: [
    { type: 'normal', packageId: 'pkgBasic', packageName: 'Basic', active: 40 },
    { type: 'seo', packageId: 'pkgSeo', packageName: 'Seo Starter', active: 2 },
  ],
  newCustomers: days(12).map((week, i) => ({ week, customers: i })),
  churn: Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, renewals: i, cancellations: 1 })),
  hitsDays: days(90).map((day) => ({ day, normal: 100, seo: 20 })),
  points: {
    balance: 70_000,
    readAt: '2026-11-25T10:00:00.000Z',
    spendPerDay: 1000,
    daysLeft: 70,
    days: [
      { day: '2026-11-24', points: 71_000 },
      { day: '2026-11-25', points: 70_000 },
    ],
  },
};

function openDashboard(replies: Parameters<typeof openAsAdmin>[1] = {}) {
  return openAsAdmin('/home', {
    'GET /admin/users': ok({ count: 1234 }),
    'GET /admin/websites': ok({ count: 56 }),
    'GET /admin/expire': ok([ann, bob]),
    'GET /admin/latest-websites': ok([normalSite, seoSite]),
    'GET /admin/jobs/failed': ok({ total: 0, rows: [] }),
    'GET /admin/business': ok(business),
    'GET /admin/ninehits-account': ok({
      points: 803_570,
      slots: { used: 2, available: 380 },
      low: { points: false, slots: false },
      thresholds: { points: 100_000, slots: 50 },
      checked_at: '2026-11-20T10:15:00.000Z',
    }),
    ...replies,
  });
}

const expiringTable = () => screen.findByRole('table', { name: 'Subscriptions ending soon' }, FIRST_LOAD);

describe('AdminDashboard (/home for admins)', () => {
  it('shows the counts of users and websites and the subscriptions ending soon', async () => {
    openDashboard();
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' }, FIRST_LOAD)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Users' })).toHaveTextContent('1,234'));
    expect(screen.getByRole('group', { name: 'Websites' })).toHaveTextContent('56');
    expect(screen.getByRole('group', { name: 'Ending within 30 days' })).toHaveTextContent('2');

    const table = await expiringTable();
    await within(table).findByRole('button', { name: 'Deactivate ann' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('ann');
    expect(rows[0]).toHaveTextContent('ann@example.com');
    expect(rows[0]).toHaveTextContent(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(ann.subscription_expiry_date)),
    );
    expect(within(rows[0]!).getByRole('button', { name: 'Deactivate ann' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Activate bob' })).toBeInTheDocument();
  });

  it('deactivates an active user, toasts, and refreshes the list', async () => {
    const { api } = openDashboard({ [`PUT /users/deactivate/${ann.email}`]: ok() });
    const deactivate = await within(await expiringTable()).findByRole('button', { name: 'Deactivate ann' });
    api.reply('GET /admin/expire', ok([{ ...ann, status: 'DEACTIVATED' }, bob]));
    await user.click(deactivate);
    await user.click(within(await screen.findByRole('dialog', { name: 'Deactivate ann?' })).getByRole('button', { name: 'Deactivate' }));

    await findToast(MSG.userStatusChanged);
    expect(api.callsTo(`PUT /users/deactivate/${ann.email}`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Activate ann' })).toBeInTheDocument();
    expect(api.callsTo('GET /admin/expire')).toHaveLength(2);
  });

  it('activates a deactivated user', async () => {
    const { api } = openDashboard({ [`PUT /users/activate/${bob.email}`]: ok() });
    await user.click(await within(await expiringTable()).findByRole('button', { name: 'Activate bob' }));
    await findToast(MSG.userStatusChanged);
    expect(api.callsTo(`PUT /users/activate/${bob.email}`)).toHaveLength(1);
  });

  it('says which change failed', async () => {
    openDashboard({
      [`PUT /users/deactivate/${ann.email}`]: fail(500, 'INTERNAL', 'boom'),
      [`PUT /users/activate/${bob.email}`]: fail(500, 'INTERNAL', 'boom'),
    });
    const table = await expiringTable();
    await user.click(await within(table).findByRole('button', { name: 'Deactivate ann' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    await findToast(MSG.userDeactivateFailed);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(within(table).getByRole('button', { name: 'Activate bob' }));
    await findToast(MSG.userActivateFailed);
    expect(screen.queryByText(MSG.userStatusChanged)).not.toBeInTheDocument();
  });

  it('lists the latest websites with their settings and a View link by type', async () => {
    openDashboard();
    const table = await screen.findByRole('table', { name: 'Latest websites' }, FIRST_LOAD);
    await within(table).findByRole('link', { name: 'View https://ann.example.com' });
    const [normal, seo] = within(table).getAllByRole('row').slice(1);
    expect(normal).toHaveTextContent('https://ann.example.com');
    expect(normal).toHaveTextContent('500');
    expect(normal).toHaveTextContent('All Countries');
    expect(normal).toHaveTextContent('Reddit');
    expect(normal).toHaveTextContent('Social');
    expect(within(normal!).getByRole('link', { name: 'View https://ann.example.com' })).toHaveAttribute('href', '/viewWebsite/11');

    expect(seo).toHaveTextContent('1,200');
    expect(seo).toHaveTextContent('Germany, France, Spain +1 more');
    expect(seo).toHaveTextContent('PAUSED');
    expect(seo).toHaveTextContent('best shoes');
    expect(within(seo!).getByRole('link', { name: 'View https://bob.example.com' })).toHaveAttribute('href', '/edit-website/12');
  });

  it('shows empty lists and a retry when a list fails', async () => {
    const { api } = openDashboard({ 'GET /admin/expire': ok([]), 'GET /admin/latest-websites': fail(500, 'INTERNAL', 'boom') });
    expect(await screen.findByText('No subscription ends within the next 30 days.', {}, FIRST_LOAD)).toBeInTheDocument();
    expect(await screen.findByText('The latest websites could not be loaded.')).toBeInTheDocument();
    api.reply('GET /admin/latest-websites', ok([]));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No website has been added yet.')).toBeInTheDocument();
  });

  it('pictures the business: revenue net of refunds, subscriptions, the points left; each chart numbers as a table', async () => {
    openDashboard();
    const glance = await screen.findByRole('region', { name: 'The business at a glance' }, FIRST_LOAD);
    expect(within(glance).getByRole('group', { name: 'Net revenue this month' })).toHaveTextContent('32.50 USD');
    expect(within(glance).getByRole('group', { name: 'Active subscriptions' })).toHaveTextContent('42');
    expect(within(glance).getByRole('group', { name: '9Hits points left' })).toHaveTextContent('About 70 days at 1,000 a day');

    const revenue = screen.getByRole('region', { name: 'Revenue per day' });
    await user.click(within(revenue).getByRole('button', { name: 'Show numbers' }));
    const table = within(revenue).getByRole('table', { name: 'Revenue per day' });
    const last = within(table).getAllByRole('row').at(-1)!;
    expect(last).toHaveTextContent(days(90).at(-1)!);
    expect(last).toHaveTextContent('30.00');
    expect(last).toHaveTextContent('12.50');
    expect(last).toHaveTextContent('10.00');
    expect(last).toHaveTextContent('32.50');
    expect(within(revenue).getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('says so, with a retry, when the business charts cannot be loaded', async () => {
    const { api } = openDashboard({ 'GET /admin/business': fail(500, 'INTERNAL', 'boom'), 'GET /admin/latest-websites': ok([]) });
    const retry = await screen.findByRole('button', { name: 'Retry' }, FIRST_LOAD);
    api.reply('GET /admin/business', ok(business));
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'The business at a glance' }, FIRST_LOAD)).toBeInTheDocument();
  });
});
