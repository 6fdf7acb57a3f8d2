import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { findToast } from '../../test/find-toast.ts';
import { customer, dismissToastsAfterEach, fill, makeSeoWebsite, navigation, showApp, typist } from './websites-test-kit.ts';

dismissToastsAfterEach();

async function openSeoForm() {
  const view = showApp('/create-website/seo', customer());
  await screen.findByRole('heading', { name: 'Create Website' }, { timeout: 8000 });
  return view;
}

const keywordsBox = () => screen.getByRole('combobox', { name: 'Keywords' });
const chips = () => Array.from(document.querySelectorAll('.MuiChip-label')).map((node) => node.textContent);

async function chooseEngine(user: ReturnType<typeof typist>, engine: string) {
  await user.click(screen.getByRole('combobox', { name: 'Search Engine' }));
  await user.click(await screen.findByRole('option', { name: engine }));
}

// Whole MUI forms filled in jsdom: slow on a busy machine, so these get more time than the default.
describe('Create Website (other types)', { timeout: 45_000 }, () => {
  it('names the title field after the search engine, google by default, with a help video link', async () => {
    await openSeoForm();
    const user = typist();
    expect(screen.getByRole('combobox', { name: 'Search Engine' })).toHaveTextContent('google');
    expect(screen.getByRole('textbox', { name: 'Site title' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Help video/ })).toHaveAttribute('target', '_blank');

    await chooseEngine(user, 'youtube');
    expect(screen.getByRole('textbox', { name: 'Video title' })).toBeInTheDocument();
    await chooseEngine(user, 'fiverr');
    expect(screen.getByRole('textbox', { name: 'Gig title' })).toBeInTheDocument();
    await chooseEngine(user, 'google.co.uk');
    expect(screen.getByRole('textbox', { name: 'Site title' })).toBeInTheDocument();
    // The other types have no traffic source choice: they are found by their keywords.
    expect(screen.queryByRole('radio', { name: 'Referal' })).not.toBeInTheDocument();
  });

  it("keeps five keywords: a sixth is dropped with 'Only 5 keywords allowed!'", async () => {
    await openSeoForm();
    const user = typist();
    await user.type(keywordsBox(), 'one{Enter}two{Enter}three, four{Enter}five{Enter}');
    expect(chips()).toEqual(['one', 'two', 'three', 'four', 'five']);
    expect(screen.queryByText(MSG.keywordLimit)).not.toBeInTheDocument();

    await user.type(keywordsBox(), 'six{Enter}');
    await findToast(MSG.keywordLimit);
    expect(chips()).toEqual(['one', 'two', 'three', 'four', 'five']);
  });

  it('shows the country boxes only for Specific Countries', async () => {
    await openSeoForm();
    const geo = screen.getByRole('group', { name: 'GEO Locations' });
    expect(within(geo).getByRole('radio', { name: 'All Countries' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'India' })).not.toBeInTheDocument();
    await typist().click(within(geo).getByRole('radio', { name: 'Specific Countries' }));
    expect(screen.getByRole('checkbox', { name: 'India' })).toBeEnabled();
  });

  it('asks for the title, then the keywords', async () => {
    const { api } = await openSeoForm();
    const user = typist();
    await fill(user, screen.getByRole('textbox', { name: 'Website address' }), 'https://www.youtube.com/watch?v=abc');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.fillRequired)).toBeInTheDocument();
    await fill(user, screen.getByRole('textbox', { name: 'Site title' }), 'My video');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.fillTheFields)).toBeInTheDocument();
    expect(api.callsTo('POST /website')).toHaveLength(0);
  });

  it('sends title, type, engine and the keywords joined by commas as Organic, then opens /websites/seo', async () => {
    const { api, router } = await openSeoForm();
    api.reply('POST /website', { status: 201, body: makeSeoWebsite() });
    const user = typist();
    await fill(user, screen.getByRole('textbox', { name: 'Website address' }), 'https://www.youtube.com/watch?v=abc');
    await chooseEngine(user, 'youtube');
    await fill(user, screen.getByRole('textbox', { name: 'Video title' }), 'My video');
    await user.type(keywordsBox(), 'shoes{Enter}red shoes{Enter}');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await findToast(MSG.websiteAdded);
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites/seo'), navigation);
    expect(api.callsTo('POST /website')[0]?.body).toMatchObject({
      url: 'https://www.youtube.com/watch?v=abc',
      title: 'My video',
      type: 'seo',
      search_engine: 'youtube',
      traffic_source: 'Organic',
      traffic_source_type: 'shoes,red shoes',
      geolocation_type: 'All Countries',
      geolocations: [],
      daily_hit_limit: 100,
    });
  });

  it('sends an unknown type back to /websites', async () => {
    const { router } = showApp('/create-website/premium', customer());
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'), navigation);
  });
});
