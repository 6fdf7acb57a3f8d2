import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REFERRAL_PRESETS } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { fail } from '../../test/fake-api.ts';
import { findToast } from '../../test/find-toast.ts';
import { customer, dismissToastsAfterEach, fill, makeWebsite, navigation, showApp, stats, typist } from './websites-test-kit.ts';

dismissToastsAfterEach();

const slider = () => screen.findByRole('slider', { name: 'Hits Per Day' });
const field = (name: string) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: 'Submit' });

async function openForm(normal = stats(1000, 6)) {
  const view = showApp('/addWebsite', customer({ stats: { normal, seo: stats(500, 3) } }));
  await screen.findByRole('heading', { name: 'Create Website' }, { timeout: 8000 });
  return view;
}

// Whole MUI forms filled in jsdom: slow on a busy machine, so these get more time than the default.
describe('Create Website (normal)', { timeout: 45_000 }, () => {
  it('slides from 100 to the available hits in steps of 100, starting at 100', async () => {
    await openForm(stats(1000, 6));
    const hits = await slider();
    expect(hits).toHaveAttribute('aria-valuemin', '100');
    expect(hits).toHaveAttribute('aria-valuemax', '1000');
    expect(hits).toHaveAttribute('step', '100');
    expect(hits).toHaveAttribute('aria-valuenow', '100');
    fireEvent.change(hits, { target: { value: 700 } });
    expect(screen.getByTestId('hits-per-day-value')).toHaveTextContent('700 Hits');
  });

  it('slides in steps of 1 when fewer than 100 hits are available', async () => {
    await openForm(stats(50, 2));
    const hits = await slider();
    expect(hits).toHaveAttribute('step', '1');
    expect(hits).toHaveAttribute('aria-valuemin', '1');
    expect(hits).toHaveAttribute('aria-valuemax', '50');
  });

  it('starts on Direct with bounce rate reduction on and All Countries: Direct needs no source input', async () => {
    await openForm();
    expect(screen.getByRole('radio', { name: 'Direct' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Bounce Rate Reduction' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'All Countries' })).toBeChecked();
    expect(screen.queryByLabelText('Referral address')).toBeNull();
    expect(screen.queryByLabelText('Keyword')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Social network' })).toBeNull();
  });

  it("shows only the selected source's input, keeping what was typed in another", async () => {
    await openForm();
    const user = typist();
    await user.click(screen.getByRole('radio', { name: 'Referal' }));
    await user.type(field('Referral address'), 'https://news.example.org');
    expect(screen.getByRole('combobox', { name: 'Referral preset' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByLabelText('Keyword')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Organic' }));
    expect(field('Keyword')).toBeEnabled();
    expect(field('Keyword')).toHaveAttribute('placeholder', MSG.keywordPlaceholder);
    expect(field('Keyword')).toHaveAttribute('maxLength', '100');
    expect(screen.queryByLabelText('Referral address')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Social network' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Social' }));
    expect(screen.getByRole('combobox', { name: 'Social network' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByLabelText('Keyword')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Referal' }));
    expect(field('Referral address')).toHaveValue('https://news.example.org');
  });

  it('shows the country boxes only for Specific Countries', async () => {
    await openForm();
    expect(screen.queryByRole('checkbox', { name: 'Canada' })).not.toBeInTheDocument();
    await typist().click(screen.getByRole('radio', { name: 'Specific Countries' }));
    expect(screen.getByRole('checkbox', { name: 'Canada' })).toBeEnabled();
    expect(screen.getAllByRole('checkbox')).toHaveLength(38);
  });

  it('checks the form on Submit, one message at a time, without calling the server', async () => {
    const { api } = await openForm();
    const user = typist();
    await user.click(submit());
    expect(await screen.findByText(MSG.fillRequired)).toBeInTheDocument();

    await fill(user, field('Website address'), 'example');
    await user.click(submit());
    expect(await screen.findByText(MSG.invalidUrl)).toBeInTheDocument();

    await user.clear(field('Website address'));
    await fill(user, field('Website address'), 'https://www.example.com');
    await user.click(screen.getByRole('radio', { name: 'Organic' }));
    await user.click(submit());
    expect(await screen.findByText(MSG.fillTheFields)).toBeInTheDocument();

    await fill(user, field('Keyword'), 'running shoes');
    await user.click(screen.getByRole('radio', { name: 'Specific Countries' }));
    await user.click(submit());
    expect(await screen.findByText(MSG.selectCountry)).toBeInTheDocument();
    expect(screen.queryByText(MSG.fillTheFields)).not.toBeInTheDocument();
    expect(api.callsTo('POST /website')).toHaveLength(0);
  });

  it('submits behind the wait dialog, then the toast and /websites/normal', async () => {
    const { api, router } = await openForm();
    let release: () => void = () => {};
    api.reply('POST /website', () => new Promise((resolve) => (release = () => resolve({ status: 201, body: makeWebsite() }))));
    const user = typist();
    await fill(user, field('Website address'), 'https://www.example.com/shop');
    await user.click(screen.getByRole('radio', { name: 'Referal' }));
    await user.click(screen.getByRole('combobox', { name: 'Referral preset' }));
    await user.click(await screen.findByRole('option', { name: REFERRAL_PRESETS[4] }));
    expect(field('Referral address')).toHaveValue(REFERRAL_PRESETS[4]);
    await user.click(screen.getByRole('radio', { name: 'Specific Countries' }));
    await user.click(screen.getByRole('checkbox', { name: 'Japan' }));
    await user.click(screen.getByRole('switch', { name: 'Bounce Rate Reduction' }));
    await user.click(submit());

    const dialog = await screen.findByRole('dialog', { name: MSG.submitting });
    expect(dialog).toHaveTextContent(MSG.submittingBody);
    release();
    await findToast(MSG.websiteAdded);
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites/normal'), navigation);
    expect(api.callsTo('POST /website')[0]?.body).toEqual({
      email: 'ann@example.com',
      username: 'ann',
      user_id: 7,
      url: 'https://www.example.com/shop',
      bounce_rate_reduction: false,
      daily_hit_limit: 100,
      geolocation_type: 'Specific Countries',
      status: 'ACTIVE',
      traffic_source: 'Referal',
      traffic_source_type: REFERRAL_PRESETS[4],
      geolocations: ['Japan'],
    });
  });

  it("shows the server's reason for a refusal, and the product's failure text otherwise", async () => {
    const { api, router } = await openForm();
    const user = typist();
    await fill(user, field('Website address'), 'https://www.example.com');
    api.reply('POST /website', fail(409, 'CAPACITY', MSG.noEmptySlots));
    await user.click(submit());
    await findToast(MSG.noEmptySlots);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    api.reply('POST /website', fail(500, 'INTERNAL', 'boom'));
    await user.click(submit());
    await findToast(MSG.websiteCreateFailed);
    expect(router.state.location.pathname).toBe('/addWebsite');
  });

  it('disables Submit with the note when no slot is left; Cancel goes to /websites', async () => {
    const { router } = await openForm(stats(400, 0));
    expect(screen.getByText(MSG.noEmptySlots)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await typist().click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'), navigation);
  });

  it('keeps a user whose account is not ACTIVE out; a new account is told it has no package yet, not that it is deactivated', async () => {
    const { router } = showApp('/addWebsite', customer({ status: 'INACTIVE', package: null, subscription_expiry_date: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/websites'), navigation);
    const main = await screen.findByRole('main', {}, navigation);
    expect(await within(main).findByText('You have no Normal package yet.', {}, navigation)).toBeInTheDocument();
    expect(screen.queryByText(MSG.accountDeactivated)).toBeNull();
  });
});
