import { describe, expect, it } from 'vitest';
import { readRedirect, safeRedirect, withRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(safeRedirect('/pricing/seo')).toBe('/pricing/seo');
    expect(safeRedirect('/purchase?order_id=abc#top')).toBe('/purchase?order_id=abc#top');
  });

  it.each(['https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'pricing', '', '/\tx', null, undefined])(
    'refuses %j',
    (value) => {
      expect(safeRedirect(value)).toBeNull();
    },
  );

  it('builds and reads the login link', () => {
    const link = withRedirect('/login', '/purchase?order_id=1');
    expect(link).toBe('/login?redirect=%2Fpurchase%3Forder_id%3D1');
    expect(readRedirect(new URL(link, 'http://x').searchParams)).toBe('/purchase?order_id=1');
    expect(withRedirect('/login', 'https://evil.example')).toBe('/login');
  });
});
