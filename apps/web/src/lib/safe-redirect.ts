/**
 * A page to come back to after signing in, carried in the login URL as `?redirect=`. Only a path
 * of this app is accepted: anything that could leave the site (`//evil.example`, `/\evil`,
 * `https://...`, `javascript:`) is ignored, so the login page cannot be used as an open redirect.
 */
export const REDIRECT_PARAM = 'redirect';

export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters and backslashes are how browsers get talked into reading a host.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char === '\\')) return null;
  try {
    const base = 'http://app.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** `path` (the login page) asking to return to `back` afterwards. */
export function withRedirect(path: string, back: string): string {
  const target = safeRedirect(back);
  return target ? `${path}?${new URLSearchParams({ [REDIRECT_PARAM]: target }).toString()}` : path;
}

export function readRedirect(search: URLSearchParams): string | null {
  return safeRedirect(search.get(REDIRECT_PARAM));
}
