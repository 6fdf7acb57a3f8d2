import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/fake-api.ts';
import { makeUser } from '../../test/fixtures.ts';
import { customer, makeWebsite, navigation, showApp, typist } from './websites-test-kit.ts';

const admin = makeUser({ id: 1, email: 'admin@example.com', username: 'admin', role: 'ROLE_ADMIN', status: 'ACTIVE' });
const site = makeWebsite({
  id: 31,
  daily_hit_limit: 700,
  traffic_source: 'Referal',
  traffic_source_type: 'https://imgur.com',
  geolocation_type: 'Specific Countries',
  locations: [{ code: 'PT', geolocation: 'Portugal' }],
});

async function openView() {
  const view = showApp(`/viewWebsite/${site.id}`, admin, { [`POST /website/edit/${site.id}`]: ok(site) });
  await screen.findByRole('heading', { name: 'View Website' }, { timeout: 8000 });
  return view;
}

// Whole MUI forms in jsdom: slow on a busy machine, so these get more time than the default.
describe('View website (admin)', { timeout: 45_000 }, () => {
  it('loads the website by the route id and shows it as a read-only summary with Back only', async () => {
    const { api } = await openView();
    expect(api.callsTo(`POST /website/edit/${site.id}`)).toHaveLength(1);
    expect(screen.getByText(/ann@example.com/)).toBeInTheDocument();
    expect(screen.queryByText(/9Hits/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: site.url })).toBeInTheDocument();
    expect(screen.getByText('700')).toBeInTheDocument();
    expect(screen.getByText('Referal (https://imgur.com)')).toBeInTheDocument();
    expect(screen.getByText('Portugal')).toBeInTheDocument();
    // Nothing to change and nothing to send: no inputs, no Submit.
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toContain('Back');
  });

  it('Back returns to the page the admin came from, saving nothing', async () => {
    const { api, router } = showApp('/users', admin, {
      [`POST /website/edit/${site.id}`]: ok(site),
      'GET /admin/all-users/normal': ok({ total: 0, rows: [] }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'), navigation);
    await router.navigate(`/viewWebsite/${site.id}`);
    await screen.findByRole('heading', { name: 'View Website' }, { timeout: 8000 });
    await typist().click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/users'), navigation);
    expect(api.calls.filter((call) => call.method === 'PUT' || call.path === '/website')).toHaveLength(0);
  });

  it('keeps customers out', async () => {
    const { router } = showApp(`/viewWebsite/${site.id}`, customer());
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), navigation);
  });

  it('tells the admin when 9Hits has rejected the campaign', async () => {
    showApp(`/viewWebsite/${site.id}`, admin, { [`POST /website/edit/${site.id}`]: ok({ ...site, ninehits_state: 'rejected' }) });
    expect((await screen.findByText(/Rejected by 9Hits/, {}, { timeout: 8000 })).closest('[role="alert"]')).toHaveTextContent(
      'this website receives no traffic',
    );
  });
});
