import Bowser from 'bowser';
import { isIPv6 } from 'node:net';

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

/**
 * The network an address belongs to, as a sign-in e-mail judges "seen before": an IPv4 /24 or an
 * IPv6 /64 (one home or office line), so a new address from the same line is not news while the
 * same browser from another line is.
 */
export function networkOf(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!isIPv6(address.split('%')[0]!)) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') ? (tail ? tail.split(':') : []) : [];
  const groups = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
