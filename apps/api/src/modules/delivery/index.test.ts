import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { campaignTitle } from './index.ts';

/** The public surface of delivery (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('delivery/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual(['NinehitsError', 'SITE_GET_MAX_LIMIT', 'campaignTitle', 'legacyTitleSite', 'toCampaign']);
  });

  it("names a website's campaign at 9Hits from its id alone", () => {
    expect(campaignTitle(42)).toBe('traffic-site-42-campaign');
  });
});
