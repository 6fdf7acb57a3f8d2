import { splitKeywords } from '@traffic/shared';

const SEARCH_URLS: Record<string, string> = {
  google: 'https://www.google.com/search?q=',
  youtube: 'https://www.youtube.com/results?search_query=',
  fiverr: 'https://www.fiverr.com/search/gigs?query=',
  'google.com.au': 'https://www.google.com.au/search?q=',
  'google.nl': 'https://www.google.nl/search?q=',
  'google.co.uk': 'https://www.google.co.uk/search?q=',
  'google.ca': 'https://www.google.ca/search?q=',
  'google.it': 'https://www.google.it/search?q=',
  'google.co.in': 'https://www.google.co.in/search?q=',
  'google.es': 'https://www.google.es/search?q=',
};

/**
 * A JavaScript string literal holding `text`: JSON text is one, and U+2028/U+2029 are escaped too
 * so that even an older engine cannot read them as line ends. Whatever a customer typed stays data.
 */
export const jsString = (text: string) =>
  JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The result pages of the website's search engine for each keyword (encoded here, so the macro needs no string functions). */
export function searchUrls(searchEngine: string | null, keywords: string[]): string[] {
  const base = SEARCH_URLS[searchEngine ?? 'google'] ?? SEARCH_URLS.google!;
  return keywords.map((k) => base + encodeURIComponent(k));
}

/**
 * Search, then visit: the viewer opens the results page for one of the keywords, then comes to the
 * website with that page as its referrer (Navigate's documented second argument), so the visit
 * arrives from the search whether or not the website ranks on the first page.
 */
function organicSteps(url: string, searches: string[]): string[] {
  return [
    'await WaitForLoading(30);',
    `const search = await RandomArray([${searches.map(jsString).join(', ')}]);`,
    'await Navigate(search);',
    'await WaitForLoading(30);',
    'await Delay(3000, 8000);',
    `await Navigate(${jsString(url)}, search);`,
    'await WaitForLoading(30);',
  ];
}

/** Bounce rate reduction: read down the page, open another page of the same site, read on. */
const BOUNCE_STEPS = [
  'await WaitForLoading(30);',
  'await Delay(2000, 6000);',
  'await EvalScript("window.scrollBy(0, 600)");',
  'await Delay(2000, 6000);',
  'await EvalScript("window.scrollBy(0, 600)");',
  'await Delay(2000, 6000);',
  'await ClickRandomInternalLink();',
  'await WaitForLoading(30);',
  'await Delay(5000, 15000);',
  'await EvalScript("window.scrollBy(0, 600)");',
];

export interface MacroInput {
  url: string;
  trafficSource: string;
  trafficSourceType: string;
  searchEngine: string | null;
  bounceRateReduction: boolean;
}

/**
 * The product's own fixed macros, built only from the documented built-in functions
 * (ninehits-macro-builtins.ts); customers never supply macro code and their keywords enter only as
 * string literals. '' when the website needs none (the documented empty value, never null).
 */
export function macroFor(w: MacroInput): string {
  const steps: string[] = [];
  if (w.trafficSource === 'Organic') {
    const keywords = splitKeywords(w.trafficSourceType);
    if (keywords.length) steps.push(...organicSteps(w.url, searchUrls(w.searchEngine, keywords)));
  }
  if (w.bounceRateReduction) steps.push(...BOUNCE_STEPS);
  return steps.join('\n');
}
