import { beforeEach, describe, expect, it } from 'vitest';
import { isValidWebsiteUrl, MSG } from '@traffic/shared';
import { customerWithPackage, type Session } from '../test-support/accounts.ts';
import { createWebsite } from '../test-support/websites.ts';
import { useTestApp } from '../test-support/use-test-app.ts';

/**
 * Red team finding: internal addresses were accepted as websites and pushed to 9Hits as
 * campaigns (loopback, the cloud metadata address, private ranges, localhost, IPv6 loopback...).
 */
const INTERNAL = [
  'http://127.0.0.1/',
  'http://127.8.9.10:8080/admin',
  'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'http://10.0.0.5/',
  'http://172.16.3.4/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://0.0.0.0/',
  'http://0/',
  'http://224.0.0.1/',
  'http://255.255.255.255/',
  'http://192.0.2.10/',
  'http://198.18.0.1/',
  'http://localhost/',
  'http://localhost:3000/api/users',
  'http://LOCALHOST./',
  'http://admin.localhost/',
  'http://ｌｏｃａｌｈｏｓｔ/',
  'http://intranet/',
  'http://printer.local/',
  'http://db.internal/',
  'http://router.home.arpa/',
  'http://[::1]/',
  'http://[::]/',
  'http://[fe80::1]/',
  'http://[fc00::1]/',
  'http://[fd12:3456::1]/',
  'http://[ff02::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2001:db8::1]/',
  // IPv4 in odd notations: the URL parser turns each into 127.0.0.1 or 169.254.169.254.
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0x7f.0.0.1/',
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://%31%32%37.0.0.1/',
  'http://127。0。0。1/',
  'http://2852039166/',
  // Credentials before an internal host.
  'http://example.com@127.0.0.1/',
  // Not internationalized domain names.
  'http://under_score.example.com/',
  'http://-leading.example.com/',
  'http://a..b.example.com/',
  'http://xn--zz.com/',
  // Symbols and emoji are not letters of any script: IDNA2008 does not allow them in a name.
  'https://exa😀mple.com/',
  'https://☃.net/',
  'https://xn--n3h.net/',
  'https://shop.xn--ls8h.la/',
  `http://${'a'.repeat(64)}.example.com/`,
];

const PUBLIC = [
  'https://example.com',
  'https://www.example.com/landing?x=1#top',
  'http://shop.example.co.uk:8080/',
  'https://bücher.de/',
  'https://xn--bcher-kva.de/',
  'https://пример.рф/',
  'https://例え.jp/',
  'https://münchen.de/',
  'http://8.8.8.8/',
  'http://[2606:4700:4700::1111]/',
  'https://my-site.example.org/',
];

describe('red team: internal addresses as websites', () => {
  let owner: Session;
  const t = useTestApp();
  beforeEach(async () => {
    owner = await customerWithPackage(t.app, 'pkgPremium');
  });

  it('refuses every internal or malformed host with "Enter Valid URL", and sends nothing to 9Hits', async () => {
    const accepted: string[] = [];
    for (const url of INTERNAL) {
      const res = await createWebsite(t.app, owner, { url });
      if (res.statusCode !== 400 || res.json().message !== MSG.invalidUrl)
        accepted.push(`${url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(accepted).toEqual([]);
    const load = await t.app.inject({ method: 'POST', url: `/api/users/load/${owner.user.email}`, headers: owner.headers });
    expect(load.json().websites).toEqual([]);
  });

  it('refuses an internal address as the Referal source too', async () => {
    for (const source of ['http://169.254.169.254/', 'http://localhost:3000/', 'http://[::1]/']) {
      const res = await createWebsite(t.app, owner, { traffic_source: 'Referal', traffic_source_type: source });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.invalidUrl, fieldErrors: { traffic_source_type: MSG.invalidUrl } });
    }
  });

  it("still accepts public names and addresses, in the browser's check and on the server", async () => {
    expect(PUBLIC.filter((url) => !isValidWebsiteUrl(url))).toEqual([]);
    expect(INTERNAL.filter((url) => isValidWebsiteUrl(url))).toEqual([]);
    const res = await createWebsite(t.app, owner, {
      url: 'https://bücher.de/',
      traffic_source: 'Referal',
      traffic_source_type: 'https://news.example.com/',
    });
    expect(res.statusCode).toBe(201);
  });
});
