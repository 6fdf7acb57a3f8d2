/**
 * An admin route answered `TWO_FACTOR_REQUIRED` (docs/decisions/0023-account-security.md): the app
 * shell opens Account security (/security) with this search parameter, and its two-factor section says why.
 */
const PARAM = 'twoFactor';
const REQUIRED = 'required';

export const TWO_FACTOR_REQUIRED_MESSAGE = 'Turn on two-factor sign-in to use the admin screens.';

/** `path` (Account security) opened because two-factor sign-in is required. */
export function withTwoFactorRequired(path: string): string {
  return `${path}?${new URLSearchParams({ [PARAM]: REQUIRED }).toString()}`;
}

/** Whether a page was opened by `withTwoFactorRequired`. */
export function isTwoFactorRequired(search: URLSearchParams | string): boolean {
  return new URLSearchParams(search).get(PARAM) === REQUIRED;
}
