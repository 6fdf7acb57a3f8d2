import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const basic = {
  id: 'pkgBasic',
  name: 'Basic',
  price: '14.99',
  description: '<ul><li>Basic</li></ul>',
  type: 'normal' as const,
  hits_per_day: 1000,
  slots: 6,
};

function showHome(user: ReturnType<typeof makeUser>) {
  storeSignedIn(user);
  fakeApi({ [`POST /users/load/${user.email}`]: ok(user) });
  renderApp('/home');
}

describe('HomePage', () => {
  it('shows a customer each subscription with Extend and Add More, and says when a type has none', async () => {
    const end = new Date(Date.now() + 20 * 86_400_000);
    showHome(makeUser({ status: 'ACTIVE', package: basic, subscription_expiry_date: end.toISOString() }));

    const normal = await screen.findByRole('region', { name: 'Normal package' });
    expect(within(normal).getByText('Basic')).toBeInTheDocument();
    expect(within(normal).getByText('Active')).toBeInTheDocument();
    expect(within(normal).getByText('1,000')).toBeInTheDocument();
    expect(within(normal).getByText('6')).toBeInTheDocument();
    expect(within(normal).getByText(new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(end))).toBeInTheDocument();
    expect(within(normal).getByRole('link', { name: 'Extend' })).toHaveAttribute('href', '/pricing/normal');
    expect(within(normal).getByRole('link', { name: 'Add More' })).toHaveAttribute('href', '/traffic/normal');

    const seo = screen.getByRole('region', { name: 'SEO package' });
    expect(within(seo).getByText('You have no SEO package yet.')).toBeInTheDocument();
    expect(within(seo).getByRole('link', { name: 'See SEO packages' })).toHaveAttribute('href', '/pricing/seo');
    expect(within(seo).queryByRole('link', { name: 'Extend' })).not.toBeInTheDocument();
  });

  it('marks a subscription whose end date has passed as expired', async () => {
    showHome(makeUser({ package: basic, subscription_expiry_date: '2020-01-01T00:00:00.000Z' }));
    const normal = await screen.findByRole('region', { name: 'Normal package' });
    expect(within(normal).getByText('Expired')).toBeInTheDocument();
    expect(within(normal).getByText('Expired on')).toBeInTheDocument();
    expect(within(normal).getByRole('link', { name: 'Renew' })).toHaveAttribute('href', '/pricing/normal');
  });

  it('lists running extra hits and slots with their end dates', async () => {
    const end = new Date(Date.now() + 20 * 86_400_000);
    const soon = new Date(Date.now() + 5 * 86_400_000);
    showHome(
      makeUser({
        status: 'ACTIVE',
        package: basic,
        subscription_expiry_date: end.toISOString(),
        activatedadditionalhits: [
          { id: 1, expiry_date: soon.toISOString(), additional_hit: { type: 'normal', count: 1000, name: '1000 Extra Hits' } },
          { id: 2, expiry_date: '2020-01-01T00:00:00.000Z', additional_hit: { type: 'normal', count: 5000, name: '5000 Extra Hits' } },
        ],
        activatedadditionalslots: [
          { id: 3, expiry_date: end.toISOString(), additional_slot: { type: 'normal', count: 5, name: '5 Extra Slots' } },
        ],
      }),
    );
    const normal = await screen.findByRole('region', { name: 'Normal package' });
    const long = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });
    expect(within(normal).getByText('+1,000 hits/day')).toBeInTheDocument();
    expect(within(normal).getByText(`until ${long.format(soon)}`)).toBeInTheDocument();
    expect(within(normal).getByText('+5 slots')).toBeInTheDocument();
    expect(within(normal).queryByText('+5,000 hits/day')).toBeNull();
  });

  it('says a deactivated account once, marks its packages on hold and offers nothing it cannot do', async () => {
    const end = new Date(Date.now() + 20 * 86_400_000);
    showHome(makeUser({ status: 'DEACTIVATED', package: basic, subscription_expiry_date: end.toISOString() }));
    const normal = await screen.findByRole('region', { name: 'Normal package' });
    expect(within(normal).getByText('On hold')).toBeInTheDocument();
    expect(within(normal).queryByText('Active')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Extend' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add More' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'See SEO packages' })).toBeNull();
    expect(await screen.findAllByText('Your account is deactivated.Purchase a pacakge to access functionality.')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
  });

  it('shows an admin the admin dashboard instead of subscriptions', async () => {
    const admin = makeUser({ role: 'ROLE_ADMIN', status: 'ACTIVE' });
    storeSignedIn(admin);
    fakeApi({
      [`POST /users/load/${admin.email}`]: ok(admin),
      'GET /admin/users': ok({ count: 3 }),
      'GET /admin/websites': ok({ count: 5 }),
      'GET /admin/expire': ok([]),
      'GET /admin/latest-websites': ok([]),
    });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Admin dashboard' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Latest websites' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Normal package' })).not.toBeInTheDocument();
  });

  it("stacks a type's websites' delivered hits per day, with the day's total and the numbers as a table", async () => {
    const end = new Date(Date.now() + 20 * 86_400_000);
    const user = makeUser({ status: 'ACTIVE', package: basic, subscription_expiry_date: end.toISOString() });
    user.stats.normal = { ...user.stats.normal, usedSlots: 2 };
    storeSignedIn(user);
    const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10));
    const api = fakeApi({
      [`POST /users/load/${user.email}`]: ok(user),
      'GET /delivery/normal': ok({
        type: 'normal',
        days,
        websites: [
          { id: 1, url: 'https://a.example.com/', dailyHitLimit: 100, hits: days.map((_, i) => (i === 29 ? 30 : 10)) },
          { id: 2, url: 'https://b.example.com/', dailyHitLimit: 200, hits: days.map((_, i) => (i === 29 ? 12 : 0)) },
        ],
        updatedAt: '2026-11-25T10:00:00.000Z',
      }),
    });
    renderApp('/home');
    const panel = await screen.findByRole('region', { name: 'Normal websites: hits per day' }, { timeout: 5000 });
    expect(await within(panel).findByText(/Today so far/)).toHaveTextContent('Today so far: 42 hits across 2 websites');
    within(panel).getByRole('button', { name: 'Show numbers' }).click();
    const rows = await within(panel).findAllByRole('row');
    expect(rows[0]).toHaveTextContent('Datehttps://a.example.com/https://b.example.com/Total');
    // Newest first: the header, then today.
    expect(rows[1]).toHaveTextContent(`${days[29]}301242`);
    // No websites of the SEO type: no chart for it, and no call.
    expect(screen.queryByRole('region', { name: 'SEO websites: hits per day' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /delivery/seo')).toHaveLength(0);
  });
});
