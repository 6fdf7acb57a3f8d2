import { describe, expect, it } from 'vitest';
import { panelDate, spreadDailyLimit, toCampaign, type WebsiteForDelivery } from './campaign.ts';

const website = (overrides: Partial<WebsiteForDelivery> = {}): WebsiteForDelivery => ({
  id: 7,
  url: 'https://www.example.com/',
  type: 'normal',
  searchEngine: null,
  dailyHitLimit: 100,
  trafficSource: 'Direct',
  trafficSourceType: '',
  bounceRateReduction: false,
  geolocationType: 'All Countries',
  status: 'ACTIVE',
  countryCodes: [],
  ...overrides,
});
const delivered = (hours: { max: number }[]) => hours.reduce((sum, h) => sum + Math.max(h.max, 0), 0);

describe('spreading a daily limit over the 24 hourly buckets', () => {
  it('100 a day: four hours of 5 and twenty of 4, exactly 100', () => {
    const hours = spreadDailyLimit(100);
    expect(hours).toHaveLength(24);
    expect(hours.filter((h) => h.max === 5)).toHaveLength(4);
    expect(hours.filter((h) => h.max === 4)).toHaveLength(20);
    expect(hours.every((h) => h.min === h.max)).toBe(true);
  });

  it('the maxima add up to exactly the daily limit, for every limit (never ceil(D/24) each hour)', () => {
    for (const daily of [1, 2, 23, 24, 25, 47, 99, 100, 101, 300, 1000, 4199, 50_000, 1_000_003]) {
      const hours = spreadDailyLimit(daily);
      expect(hours, `${daily}`).toHaveLength(24);
      expect(delivered(hours), `${daily}`).toBe(daily);
      const open = hours.filter((h) => h.max > 0).map((h) => h.max);
      expect(Math.max(...open) - Math.min(...open), `${daily} spread evenly`).toBeLessThanOrEqual(1);
    }
  });

  it('under 24 a day, the empty hours are closed with -1 (0 would mean no limit at 9Hits)', () => {
    const hours = spreadDailyLimit(10);
    expect(hours.filter((h) => h.max === 1)).toHaveLength(10);
    expect(hours.filter((h) => h.min === -1 && h.max === -1)).toHaveLength(14);
    expect(hours.some((h) => h.max === 0)).toBe(false);
  });

  it('spreads the extra views over the day rather than bunching them at midnight', () => {
    const bigHours = spreadDailyLimit(100).flatMap((h, hour) => (h.max === 5 ? [hour] : []));
    expect(bigHours).toEqual([5, 11, 17, 23]);
  });
});

describe('the campaign fields of a website', () => {
  const until = new Date('2026-12-05T07:08:09.500Z');

  it('untilDate is the end of the paid period in the panel format', () => {
    expect(panelDate(until)).toBe('2026/12/05 07:08:09');
    expect(toCampaign(website(), until).untilDate).toBe('2026/12/05 07:08:09');
  });

  it('all countries, direct traffic and no macro are sent as their documented empty values', () => {
    const campaign = toCampaign(website(), until);
    expect(campaign).toMatchObject({
      title: 'traffic-site-7-campaign',
      urls: ['https://www.example.com/'],
      geo: { rule: 'all', by: 'country', codes: null },
      referrers: { mode: 'basic', urls: [] },
      macros: '',
      maxHits: 0,
      userState: 'running',
      adSafe: 'google-ads',
    });
    expect(campaign.hourlyLimit.speed).toBe('fast');
  });

  it('specific countries, a referrer, a social network and a paused website', () => {
    expect(toCampaign(website({ geolocationType: 'Specific Countries', countryCodes: ['CA', 'JP'] }), until).geo).toEqual({
      rule: 'any',
      by: 'country',
      codes: ['CA', 'JP'],
    });
    expect(toCampaign(website({ trafficSource: 'Referal', trafficSourceType: 'https://ref.example.com/' }), until).referrers).toEqual({
      mode: 'basic',
      urls: ['https://ref.example.com/'],
    });
    expect(toCampaign(website({ trafficSource: 'Social', trafficSourceType: 'Reddit' }), until).referrers).toEqual({
      mode: 'basic',
      urls: ['https://www.reddit.com/'],
    });
    expect(toCampaign(website({ status: 'PAUSED' }), until).userState).toBe('paused');
  });

  it('views last long enough for the macro, and never past the documented 600 seconds', () => {
    for (const w of [
      website(),
      website({ bounceRateReduction: true }),
      website({ trafficSource: 'Organic', trafficSourceType: 'shoes' }),
    ]) {
      const [from, to] = toCampaign(w, until).duration;
      expect(from).toBeGreaterThan(0);
      expect(from).toBeLessThanOrEqual(to);
      expect(to).toBeLessThanOrEqual(600);
    }
  });
});
