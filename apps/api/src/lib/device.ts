import Bowser from 'bowser';

/** The names Bowser knows: anything else it answers came from the header itself. */
const KNOWN_BROWSERS = new Set(Object.values(Bowser.BROWSER_MAP));
const KNOWN_SYSTEMS = new Set(Object.values(Bowser.OS_MAP));

/**
 * A device as people name it, from the User-Agent header: "Chrome on Linux", "Safari on iOS".
 * The sessions list shows it, the audit log keeps it and security e-mails quote it, so only names
 * Bowser knows are used: a header's own words ("Visit evil.example") never reach an owner's mailbox.
 * Anything else (a script, a made-up header) is an unknown browser or device.
 */
export function deviceName(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 512).trim();
  if (!ua) return 'Unknown device';
  const parsed = Bowser.parse(ua);
  const browser = KNOWN_BROWSERS.has(parsed.browser.name ?? '') ? parsed.browser.name : undefined;
  const os = KNOWN_SYSTEMS.has(parsed.os.name ?? '') ? parsed.os.name : undefined;
  if (browser && os) return `${browser} on ${os}`;
  if (browser) return browser;
  return os ? `Unknown browser on ${os}` : 'Unknown device';
}
