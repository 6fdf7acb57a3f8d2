import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
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
  it('loads the website by the route id and shows it with everything disabled but the social network select', async () => {
    const { api } = await openView();
    expect(api.callsTo(`POST /website/edit/${site.id}`)).toHaveLength(1);
    expect(screen.getByText(/ann@example.com/)).toBeInTheDocument();
    expect(screen.queryByText(/9Hits/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Website address' })).toHaveValue(site.url);
    expect(screen.getByRole('textbox', { name: 'Website address' })).toBeDisabled();
    expect(screen.getByRole('slider', { name: 'Hits Per Day' })).toBeDisabled();
    expect(screen.getByTestId('hits-per-day-value')).toHaveTextContent('700 Hits');
    expect(screen.getByRole('radio', { name: 'Referal' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Direct' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Referral address' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Bounce Rate Reduction' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Specific Countries' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Social network' })).not.toHaveAttribute('aria-disabled');
  });

  it('lists Portugal under Europe and Morocco under Africa as well', async () => {
    await openView();
    expect(screen.getByRole('group', { name: 'Europe' })).toContainElement(screen.getByRole('checkbox', { name: 'Portugal' }));
    expect(screen.getByRole('group', { name: 'Africa' })).toContainElement(screen.getByRole('checkbox', { name: 'Morocco' }));
    expect(screen.getByRole('checkbox', { name: 'Portugal' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Portugal' })).toBeDisabled();
    expect(screen.getAllByRole('checkbox')).toHaveLength(40);
  });

  it('returns to /websites once the wait dialog opens, saving nothing', async () => {
    const { api, router } = await openView();
    await typist().click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'), navigation);
    expect(api.calls.filter((call) => call.method === 'PUT' || call.path === '/website')).toHaveLength(0);
    expect(screen.queryByText(MSG.websiteEdited)).not.toBeInTheDocument();
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
