import Bowser from 'bowser';

/**
 * A device as people name it, from the User-Agent header: "Chrome on Linux", "Safari on iOS".
 * The sessions list shows it and a sign-in from a device the account has not used gets an e-mail.
 * Clients that are not browsers (scripts) are named by their first product token.
 */
export function deviceName(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512).trim();
  if (!ua) return 'Unknown device';
  const parsed = Bowser.parse(ua);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  const product = /^[\w.-]+/.exec(ua)?.[0];
  return product ? product.slice(0, 60) : 'Unknown device';
}
