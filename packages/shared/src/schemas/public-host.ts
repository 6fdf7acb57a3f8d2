/**
 * Whether a URL's host (as the WHATWG URL parser gives it: lower-cased, IDNs in punycode, IPv4 in
 * any notation turned into dotted decimal, IPv6 in brackets and hex) names a public website. A
 * customer's website becomes a 9Hits campaign, so an internal address would aim paid traffic at
 * our own or someone's private network: loopback, private, link-local and reserved hosts are
 * refused, as are host names that are not valid internationalized domain names.
 */

/** IPv4 ranges that are not public: IANA's IPv4 Special-Purpose Address Registry (RFC 6890) and multicast. */
const IPV4_NOT_PUBLIC: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services live here)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
];

/**
 * Top-level names that never lead to a public website: special-use names (RFC 6761, 6762, 7686,
 * 8375, 9476), ICANN's private-use `.internal`, and the private names RFC 6762 appendix G lists.
 */
const RESERVED_TLDS = new Set([
  'localhost',
  'local',
  'test',
  'invalid',
  'example',
  'onion',
  'alt',
  'arpa',
  'internal',
  'intranet',
  'private',
  'corp',
  'home',
  'lan',
]);

function ipv4Number(host: string): number | undefined {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)?.slice(1).map(Number);
  if (!parts || parts.some((p) => p > 255)) return undefined;
  return parts.reduce((n, p) => n * 256 + p, 0);
}

function inIpv4Range(ip: number, base: string, bits: number): boolean {
  const size = 2 ** (32 - bits);
  return Math.floor(ip / size) === Math.floor(ipv4Number(base)! / size);
}

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (hex, `::` compressed). */
function ipv6Groups(address: string): number[] | undefined {
  const [head, tail, extra] = address.split('::');
  if (extra !== undefined) return undefined;
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)) : []);
  const first = parse(head);
  const last = parse(tail);
  const groups = tail === undefined ? first : [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : undefined;
}

/**
 * Only global unicast (2000::/3) is public, minus IETF protocol assignments (2001::/23, Teredo
 * among them), documentation (2001:db8::/32, 3fff::/20) and 6to4 (2002::/16, which embeds any
 * IPv4 address). Everything else is refused: ::, ::1, IPv4-mapped and -compatible forms, NAT64
 * (64:ff9b::/96), unique local fc00::/7, link-local fe80::/10, multicast ff00::/8.
 */
function isPublicIpv6(address: string): boolean {
  const g = ipv6Groups(address);
  if (!g) return false;
  const [g0, g1] = [g[0]!, g[1]!];
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && (g1 < 0x0200 || g1 === 0x0db8)) return false;
  if (g0 === 0x2002) return false;
  return !(g0 === 0x3fff && g1 < 0x1000);
}

/**
 * Decodes the part of an `xn--` label after the prefix (RFC 3492's Punycode); undefined when it
 * is not well-formed. The URL parser has already encoded what the customer typed, so this only
 * gives back the characters to judge.
 */
function punycodeDecode(input: string): string | undefined {
  const [base, tmin, tmax, skew, damp] = [36, 1, 26, 38, 700];
  const adapt = (delta: number, points: number, first: boolean) => {
    delta = first ? Math.floor(delta / damp) : delta >> 1;
    delta += Math.floor(delta / points);
    let k = 0;
    for (; delta > ((base - tmin) * tmax) >> 1; k += base) delta = Math.floor(delta / (base - tmin));
    return k + Math.floor(((base - tmin + 1) * delta) / (delta + skew));
  };
  const digit = (c: number) => (c >= 48 && c <= 57 ? c - 22 : c >= 97 && c <= 122 ? c - 97 : -1);
  const cut = input.lastIndexOf('-');
  const output = cut > 0 ? [...input.slice(0, cut)].map((c) => c.codePointAt(0)!) : [];
  let [n, i, bias] = [128, 0, 72];
  for (let pos = cut > 0 ? cut + 1 : 0; pos < input.length;) {
    const oldI = i;
    for (let w = 1, k = base; ; k += base) {
      if (pos >= input.length) return undefined;
      const d = digit(input.charCodeAt(pos++));
      if (d < 0) return undefined;
      i += d * w;
      const t = k <= bias ? tmin : k >= bias + tmax ? tmax : k - bias;
      if (d < t) break;
      w *= base - t;
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

/**
 * A label of an internationalized domain name in its ASCII form: letters, digits, hyphens (RFC
 * 5890/5891). An `xn--` label must decode to what IDNA2008 lets a domain name hold: letters, marks
 * and digits of any script, and hyphens (an emoji or a symbol is not a domain name).
 */
function isIdnLabel(label: string): boolean {
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) return false;
  if (label.startsWith('xn--')) {
    const unicode = punycodeDecode(label.slice(4));
    return unicode !== undefined && /^[\p{Ll}\p{Lo}\p{Lm}\p{M}\p{Nd}-]+$/u.test(unicode) && /[^\p{ASCII}]/u.test(unicode);
  }
  // Hyphens in the third and fourth place are reserved for IDNA's `xn--`.
  return label.slice(2, 4) !== '--';
}

export function isPublicHost(hostname: string): boolean {
  if (hostname.startsWith('[')) return hostname.endsWith(']') && isPublicIpv6(hostname.slice(1, -1));
  const ipv4 = ipv4Number(hostname);
  if (ipv4 !== undefined) return !IPV4_NOT_PUBLIC.some(([base, bits]) => inIpv4Range(ipv4, base, bits));

  // `localhost.` is localhost: one trailing dot (a fully qualified name) is checked without it.
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  const labels = name.split('.');
  const tld = labels[labels.length - 1]!;
  if (name.length > 253 || labels.length < 2 || !labels.every(isIdnLabel)) return false;
  // A numeric last label would be an IPv4 address; reserved names never reach a public site.
  return /[a-z]/.test(tld) && !RESERVED_TLDS.has(tld);
}
