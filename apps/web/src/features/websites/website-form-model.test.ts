import { describe, expect, it } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { defaultHitLimit, hitSliderBounds } from './hit-slider-bounds.ts';
import { titleLabelFor } from './search-engine-title.ts';
import { toWebsiteBody } from './website-body.ts';
import { checkWebsiteForm, defaultFormValues, formValuesOf, type WebsiteFormValues } from './website-form-model.ts';
import { makeSeoWebsite, makeWebsite } from './websites-test-kit.ts';

const owner = { email: 'ann@example.com', username: 'ann', user_id: 7 };
const filled = (overrides: Partial<WebsiteFormValues> = {}): WebsiteFormValues => ({
  ...defaultFormValues(100),
  url: 'https://www.example.com',
  ...overrides,
});

describe('hitSliderBounds', () => {
  it('runs from 100 to the available hits in steps of 100', () => {
    expect(hitSliderBounds(1000)).toEqual({ min: 100, max: 1000, step: 100, disabled: false });
  });

  it('runs from 1 in steps of 1 when fewer than 100 hits are available', () => {
    expect(hitSliderBounds(50)).toEqual({ min: 1, max: 50, step: 1, disabled: false });
  });

  it('cannot move when nothing is available', () => {
    expect(hitSliderBounds(0).disabled).toBe(true);
    expect(hitSliderBounds(-300).disabled).toBe(true);
  });

  it('defaults to 100, or all there is when that is less', () => {
    expect(defaultHitLimit(1000)).toBe(100);
    expect(defaultHitLimit(40)).toBe(40);
    expect(defaultHitLimit(0)).toBe(0);
  });
});

describe('titleLabelFor', () => {
  it.each([
    ['youtube', 'Video title'],
    ['fiverr', 'Gig title'],
    ['google', 'Site title'],
    ['google.co.uk', 'Site title'],
  ])('%s -> %s', (engine, label) => expect(titleLabelFor(engine)).toBe(label));
});

describe('checkWebsiteForm', () => {
  it.each<[string, Partial<WebsiteFormValues>, string]>([
    ['an empty address', { url: '' }, MSG.fillRequired],
    ['an address that is no web address', { url: 'not a site' }, MSG.invalidUrl],
    ['Referal without an address', { trafficSource: 'Referal' }, MSG.fillTheFields],
    ['Referal with something else than an address', { trafficSource: 'Referal', referral: 'wikipedia' }, MSG.invalidUrl],
    // The browser runs the server's check: internal addresses are no websites (packages/shared public-host.ts).
    ['an internal address', { url: 'http://169.254.169.254/latest/meta-data/' }, MSG.invalidUrl],
    ['localhost in an odd notation', { url: 'http://2130706433/' }, MSG.invalidUrl],
    ['Referal to an internal address', { trafficSource: 'Referal', referral: 'http://[::1]/' }, MSG.invalidUrl],
    ['Organic without a keyword', { trafficSource: 'Organic', keyword: '  ' }, MSG.fillTheFields],
    ['Social without a network', { trafficSource: 'Social' }, MSG.fillTheFields],
    ['Specific Countries without a country', { geolocationType: 'Specific Countries' }, MSG.selectCountry],
  ])('refuses %s', (_case, overrides, message) => {
    expect(checkWebsiteForm(filled(overrides), 'normal', 'create')?.message).toBe(message);
  });

  it('reports the first failure only, the address before the source', () => {
    expect(checkWebsiteForm(filled({ url: 'nope', trafficSource: 'Social' }), 'normal', 'create')).toEqual({
      field: 'url',
      message: MSG.invalidUrl,
    });
  });

  it('does not check the read-only address on edit', () => {
    expect(checkWebsiteForm(filled({ url: 'whatever was stored' }), 'normal', 'edit')).toBeNull();
  });

  it('needs a title and keywords for the other types', () => {
    expect(checkWebsiteForm(filled({ keywords: ['shoes'] }), 'seo', 'create')).toEqual({ field: 'title', message: MSG.fillRequired });
    expect(checkWebsiteForm(filled({ title: 'Shoes' }), 'seo', 'create')).toEqual({ field: 'keywords', message: MSG.fillTheFields });
    expect(checkWebsiteForm(filled({ title: 'Shoes', keywords: ['shoes'] }), 'seo', 'create')).toBeNull();
  });
});

describe('toWebsiteBody', () => {
  it('sends only the selected source value and country names for Specific Countries', () => {
    const values = filled({
      trafficSource: 'Social',
      social: 'Reddit',
      keyword: 'ignored',
      geolocationType: 'Specific Countries',
      countries: ['CA', 'DE'],
    });
    expect(toWebsiteBody(values, 'normal', owner)).toEqual({
      ...owner,
      url: 'https://www.example.com',
      bounce_rate_reduction: true,
      daily_hit_limit: 100,
      geolocation_type: 'Specific Countries',
      status: 'ACTIVE',
      traffic_source: 'Social',
      traffic_source_type: 'Reddit',
      geolocations: ['Canada', 'Germany'],
    });
  });

  it('sends no countries for All Countries, and the keywords as Organic for other types', () => {
    const values = filled({ countries: ['CA'], title: ' My video ', searchEngine: 'youtube', keywords: ['shoes', 'red shoes'] });
    expect(toWebsiteBody(values, 'seo', owner)).toMatchObject({
      geolocations: [],
      traffic_source: 'Organic',
      traffic_source_type: 'shoes,red shoes',
      title: 'My video',
      type: 'seo',
      search_engine: 'youtube',
    });
  });
});

describe('formValuesOf', () => {
  it('puts the stored source value in its own input and the locations as codes', () => {
    const values = formValuesOf(
      makeWebsite({
        traffic_source: 'Referal',
        traffic_source_type: 'https://imgur.com',
        geolocation_type: 'Specific Countries',
        locations: [{ code: 'JP', geolocation: 'Japan' }],
      }),
    );
    expect(values).toMatchObject({
      trafficSource: 'Referal',
      referral: 'https://imgur.com',
      keyword: '',
      social: '',
      countries: ['JP'],
      dailyHitLimit: 200,
    });
  });

  it('splits the keywords of the other types', () => {
    expect(formValuesOf(makeSeoWebsite())).toMatchObject({ keywords: ['shoes', 'red shoes'], title: 'My video', searchEngine: 'youtube' });
  });
});
