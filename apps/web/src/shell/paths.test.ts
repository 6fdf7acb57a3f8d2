import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routes } from './paths.ts';

const rules = Object.values(routes);

describe('route table', () => {
  it('lists every path once', () => {
    const patterns = rules.map((rule) => rule.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('redirects only to paths it lists', () => {
    for (const rule of rules) {
      if (rule.access === 'open') continue;
      const target = rule.redirectTo;
      expect(
        rules.some((other) => matchPath(other.pattern, target)),
        `${rule.pattern} -> ${target}`,
      ).toBe(true);
    }
  });

  it('sends signed-in users from the landing page to /home', () => {
    expect(routes.landing).toEqual({ pattern: '/', access: 'visitorsOnly', redirectTo: '/home' });
  });

  it('keeps the two admin redirect targets of the route table', () => {
    expect(routes.addNotifications).toMatchObject({ access: 'admin', redirectTo: '/login' });
    expect(routes.users).toMatchObject({ access: 'admin', redirectTo: '/home' });
  });
});

describe('paths', () => {
  it('drops an optional segment that is not given', () => {
    expect(paths.pricing()).toBe('/pricing');
    expect(paths.websites()).toBe('/websites');
  });

  it('fills route parameters', () => {
    expect(paths.pricing('seo')).toBe('/pricing/seo');
    expect(paths.createWebsite('seo')).toBe('/create-website/seo');
    expect(paths.editNormalWebsite(42)).toBe('/editWebsite/42');
    expect(paths.viewWebsite('a b')).toBe('/viewWebsite/a%20b');
    expect(paths.adminAuditLog()).toBe('/admin/audit-log');
    expect(paths.adminAuditLog({ actor: 'ann@example.com', action: '' })).toBe('/admin/audit-log?actor=ann%40example.com');
  });
});
