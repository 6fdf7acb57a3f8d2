import { getCountryDataList, getEmojiFlag } from 'countries-list';

/** One country of the full ISO list, as the country pickers show it. */
export interface CountryOption {
  code: string;
  name: string;
  /** The main calling code, e.g. "+49"; empty where the data has none. */
  dial: string;
  flag: string;
}

/** Every country from `countries-list` (never a hand-typed list), sorted by name. */
export const COUNTRY_OPTIONS: readonly CountryOption[] = getCountryDataList()
  .map((country) => ({
    code: country.iso2,
    name: country.name,
    dial: country.phone[0] === undefined ? '' : `+${country.phone[0]}`,
    flag: getEmojiFlag(country.iso2),
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

export function findCountryByName(name: string): CountryOption | null {
  const wanted = name.trim().toLowerCase();
  return COUNTRY_OPTIONS.find((option) => option.name.toLowerCase() === wanted) ?? null;
}

/** Puts the given ISO codes first (in that order), so the picker can group them as suggestions. */
export function withSuggestedFirst(suggested: readonly string[]): readonly CountryOption[] {
  const first = suggested.flatMap((code) => COUNTRY_OPTIONS.filter((option) => option.code === code));
  return [...first, ...COUNTRY_OPTIONS.filter((option) => !suggested.includes(option.code))];
}
