/** The build-time variables that point the app at sites it does not serve itself (blog, My Account, Documentation, video tutorials). */
export const EXTERNAL_LINK_VARS = {
  blog: { name: 'VITE_BLOG_URL', fallback: 'https://blog.example.com' },
  myAccount: { name: 'VITE_ACCOUNT_URL', fallback: 'https://account.example.com' },
  documentation: { name: 'VITE_DOCS_URL', fallback: 'https://docs.example.com' },
  videoTutorials: { name: 'VITE_TUTORIALS_URL', fallback: 'https://tutorials.example.com' },
} as const;

export type ExternalLinks = Record<keyof typeof EXTERNAL_LINK_VARS, string>;

/**
 * Kept free of `import.meta.env` so vite.config.ts can run it at build time: a bad value then
 * stops the build instead of shipping a broken (or `javascript:`) link.
 */
export function readExternalLinks(env: Record<string, string | undefined>): ExternalLinks {
  const links = {} as ExternalLinks;
  for (const [key, { name, fallback }] of Object.entries(EXTERNAL_LINK_VARS)) {
    const value = env[name]?.trim() || fallback;
    if (!isHttpUrl(value)) {
      throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
    }
    links[key as keyof ExternalLinks] = value;
  }
  return links;
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
