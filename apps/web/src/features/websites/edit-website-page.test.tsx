import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { queryKeys } from '../../lib/query-keys.ts';
import { fail, ok } from '../../test/fake-api.ts';
import { findToast } from '../../test/find-toast.ts';
import {
  customer,
  dismissToastsAfterEach,
  fill,
  makeSeoWebsite,
  makeWebsite,
  navigation,
  showApp,
  stats,
  typist,
} from './websites-test-kit.ts';

dismissToastsAfterEach();

const site = makeWebsite({
  daily_hit_limit: 300,
  traffic_source: 'Social',
  traffic_source_type: 'Reddit',
  geolocation_type: 'Specific Countries',
  locations: [{ code: 'DE', geolocation: 'Germany' }],
});
const owner = customer({ websites: [site], stats: { normal: stats(500, 5, { usedHits: 300, usedSlots: 1 }), seo: stats(500, 3) } });

async function openEdit(path = `/editWebsite/${site.id}`, website = site) {
  const view = showApp(path, owner, { [`POST /website/edit/${website.id}`]: ok(website) });
  await screen.findByRole('heading', { name: 'Edit Website' }, { timeout: 8000 });
  return view;
}

// Whole MUI forms filled in jsdom: slow on a busy machine, so these get more time than the default.
describe('Edit website', { timeout: 45_000 }, () => {
  it("starts from the loaded website, its address as text, the slider up to the available hits plus the site's own", async () => {
    await openEdit();
    // Read as text: an address that cannot change is not an input.
    expect(screen.getByText('Website address').nextSibling).toHaveTextContent(site.url);
    expect(screen.queryByRole('textbox', { name: 'Website address' })).toBeNull();
    const hits = screen.getByRole('slider', { name: 'Hits Per Day' });
    expect(hits).toHaveAttribute('aria-valuemax', '800');
    expect(hits).toHaveAttribute('aria-valuenow', '300');
    expect(screen.getByRole('radio', { name: 'Social' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Social network' })).toHaveTextContent('Reddit');
    expect(screen.getByRole('checkbox', { name: 'Germany' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Germany' })).toBeEnabled();
  });

  it('is initialised once: a fresh copy of the website does not overwrite what was changed', async () => {
    const { api, queryClient } = await openEdit();
    const user = typist();
    await user.click(screen.getByRole('radio', { name: 'Organic' }));
    await fill(user, screen.getByRole('textbox', { name: 'Keyword' }), 'shoes');
    api.reply(`POST /website/edit/${site.id}`, ok({ ...site, traffic_source: 'Direct', traffic_source_type: '', daily_hit_limit: 100 }));
    await act(() => queryClient.refetchQueries({ queryKey: queryKeys.websites.detail(site.id) }));
    expect(api.callsTo(`POST /website/edit/${site.id}`)).toHaveLength(2);
    expect(screen.getByRole('radio', { name: 'Organic' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Keyword' })).toHaveValue('shoes');
    expect(screen.getByRole('slider', { name: 'Hits Per Day' })).toHaveAttribute('aria-valuenow', '300');
  });

  it('saves with PUT behind the wait dialog, then the toast and /websites/normal', async () => {
    const { api, router } = await openEdit();
    api.reply('PUT /website', ok({ ...site, daily_hit_limit: 600 }));
    fireEvent.change(screen.getByRole('slider', { name: 'Hits Per Day' }), { target: { value: 600 } });
    await typist().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('dialog', { name: MSG.submitting })).toHaveTextContent(MSG.submittingBody);
    await findToast(MSG.websiteEdited);
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites/normal'), navigation);
    expect(api.callsTo('PUT /website')[0]?.body).toMatchObject({
      id: site.id,
      url: site.url,
      daily_hit_limit: 600,
      traffic_source: 'Social',
      traffic_source_type: 'Reddit',
      geolocations: ['Germany'],
    });
  });

  it("shows the edit failure text, or the server's reason for a refusal", async () => {
    const { api } = await openEdit();
    const user = typist();
    api.reply('PUT /website', fail(500, 'INTERNAL', 'boom'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findToast(MSG.websiteEditFailed);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    api.reply('PUT /website', fail(409, 'CAPACITY', MSG.limitReached));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await findToast(MSG.limitReached);
  });

  it('edits the other types at /edit-website/:id with their own fields', async () => {
    const seo = makeSeoWebsite({ daily_hit_limit: 200 });
    await openEdit(`/edit-website/${seo.id}`, seo);
    expect(screen.getByRole('textbox', { name: 'Video title' })).toHaveValue('My video');
    expect(Array.from(document.querySelectorAll('.MuiChip-label')).map((n) => n.textContent)).toEqual(['shoes', 'red shoes']);
    expect(screen.getByRole('slider', { name: 'Hits Per Day' })).toHaveAttribute('aria-valuemax', '700');
  });

  it('says so when the website cannot be loaded', async () => {
    showApp(`/editWebsite/99`, owner, { 'POST /website/edit/99': fail(403, 'FORBIDDEN', 'You may not access this website.') });
    expect(await screen.findByText('You may not access this website.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to websites' })).toHaveAttribute('href', '/websites');
  });
});
