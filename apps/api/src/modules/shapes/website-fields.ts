import { sql, type SQL } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { rowJson } from '../../lib/sql-json.ts';

const { websites } = schema;
type WebsiteRow = typeof websites.$inferSelect;

/**
 * The one list of a website's fields that any answer carries. The presenter (website.presenter.ts)
 * maps exactly these to the wire; queries that read websites as rows select the whole row, and
 * queries that aggregate them as JSON (the user object, the admin's newest websites) build the JSON
 * from this list, so the two can never disagree on a field.
 */
export const WEBSITE_FIELDS = [
  'id',
  'userId',
  'type',
  'url',
  'title',
  'searchEngine',
  'dailyHitLimit',
  'trafficSource',
  'trafficSourceType',
  'bounceRateReduction',
  'geolocationType',
  'status',
  'ninehitsKey',
  'ninehitsState',
] as const satisfies readonly (keyof WebsiteRow)[];

/** What the presenter needs: those fields, the website's country codes, and its owner's email and name. */
export type WebsiteSource = Pick<WebsiteRow, (typeof WEBSITE_FIELDS)[number]> & {
  countryCodes: string[];
  ownerEmail: string;
  ownerUsername: string;
};

/** The website's country codes, sorted, as SQL text (`alias` names the websites row in the query). */
const countryCodesOf = (alias: string) =>
  `coalesce((select array_agg(l.country_code order by l.country_code) from website_locations l where l.website_id = ${alias}.id), '{}')`;

/** The same, as a query-builder field (`alias` names the websites row). */
export const websiteCountryCodes = (alias: string): SQL<string[]> => sql.raw(countryCodesOf(alias)) as SQL<string[]>;

/** One website as a JSON object with the keys of WebsiteSource (the owner excepted: the query knows whose it is). */
export const websiteJson = (alias: string): SQL =>
  rowJson(websites, WEBSITE_FIELDS, alias, { extra: `'countryCodes', ${countryCodesOf(alias)}` });
