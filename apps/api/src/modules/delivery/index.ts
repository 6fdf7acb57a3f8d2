/** delivery: the 9Hits client and what a campaign at 9Hits looks like for one of our websites. */
export { campaignTitle, legacyTitleSite, toCampaign } from './campaign.ts';
export { NinehitsError, SITE_GET_MAX_LIMIT, type CampaignRead, type NinehitsClient } from './ninehits-client.ts';
