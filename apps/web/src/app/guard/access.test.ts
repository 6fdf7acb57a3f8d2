import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes, type RouteId, type RouteRule } from '../../shell/paths.ts';
import { decideAccess, type Viewer } from './access.ts';

const visitor: Viewer = null;
const customer: Viewer = { role: 'ROLE_USER', status: 'ACTIVE', address: '1 Main Street' };
const inactiveCustomer: Viewer = { ...customer, status: 'INACTIVE' };
const deactivatedCustomer: Viewer = { ...customer, status: 'DEACTIVATED' };
const customerWithoutDetails: Viewer = { ...customer, address: '  ' };
const admin: Viewer = { role: 'ROLE_ADMIN', status: 'ACTIVE', address: 'HQ' };

const decide = (id: RouteId, viewer: Viewer) => {
  const decision = decideAccess(routes[id], viewer);
  return decision.allow ? 'allow' : decision.redirectTo;
};

describe('decideAccess', () => {
  it('lets everyone open an open page', () => {
    for (const viewer of [visitor, customer, admin]) {
      for (const id of ['forgotPassword', 'pricing', 'purchase', 'purchaseAddon', 'cancel', 'tos', 'about'] as const) {
        expect(decide(id, viewer)).toBe('allow');
      }
    }
  });

  it('keeps visitors-only pages for visitors and sends anyone signed in to /home', () => {
    for (const id of ['landing', 'login', 'register', 'pricings'] as const) {
      expect(decide(id, visitor)).toBe('allow');
      expect(decide(id, customer)).toBe('/home');
      expect(decide(id, customerWithoutDetails)).toBe('/home');
      expect(decide(id, admin)).toBe('/home');
    }
  });

  it('sends a visitor from a signed-in page to /login and lets any signed-in user in', () => {
    for (const id of ['home', 'websites', 'traffic', 'support'] as const) {
      expect(decide(id, visitor)).toBe('/login');
      expect(decide(id, inactiveCustomer)).toBe('allow');
      expect(decide(id, admin)).toBe('allow');
    }
  });

  it('opens /update only while the address is missing; others go to /home, visitors to /login', () => {
    expect(decide('update', customerWithoutDetails)).toBe('allow');
    expect(decide('update', { ...admin, address: '' })).toBe('allow');
    expect(decide('update', customer)).toBe('/home');
    expect(decide('update', visitor)).toBe('/login');
  });

  it('opens the website forms to ACTIVE users only; others go to /websites, visitors to /login', () => {
    for (const id of ['createWebsite', 'editWebsite', 'editNormalWebsite', 'addWebsite'] as const) {
      expect(decide(id, customer)).toBe('allow');
      expect(decide(id, admin)).toBe('allow');
      expect(decide(id, inactiveCustomer)).toBe('/websites');
      expect(decide(id, deactivatedCustomer)).toBe('/websites');
      expect(decide(id, visitor)).toBe('/login');
    }
  });

  it('opens admin pages to ROLE_ADMIN only, sending others where the route table says', () => {
    for (const id of ['addPackage', 'addNotifications'] as const) {
      expect(decide(id, admin)).toBe('allow');
      expect(decide(id, customer)).toBe('/login');
      expect(decide(id, visitor)).toBe('/login');
    }
    const toHome = [
      'viewWebsite',
      'users',
      'manageSubscriptions',
      'addSlots',
      'addHits',
      'addUserPackage',
      'addUserExtension',
      'editPackage',
      'editSlots',
      'editHits',
      'adminAddPackage',
    ] as const;
    for (const id of toHome) {
      expect(decide(id, admin)).toBe('allow');
      expect(decide(id, customer)).toBe('/home');
      expect(decide(id, visitor)).toBe('/home');
    }
  });

  it('ends every redirect chain on a page the viewer may open, without loops', () => {
    const viewers = [visitor, customer, inactiveCustomer, customerWithoutDetails, admin];
    const ruleAt = (path: string) => Object.values(routes).find((rule) => matchPath(rule.pattern, path));
    for (const start of Object.values(routes)) {
      for (const viewer of viewers) {
        let rule: RouteRule = start;
        const seen: string[] = [];
        for (let decision = decideAccess(rule, viewer); !decision.allow; decision = decideAccess(rule, viewer)) {
          expect(seen, `${start.pattern} loops`).not.toContain(decision.redirectTo);
          seen.push(decision.redirectTo);
          const next = ruleAt(decision.redirectTo);
          expect(next, decision.redirectTo).toBeDefined();
          rule = next!;
        }
      }
    }
    // For instance, a customer who opens an admin page that sends outsiders to /login ends on /home.
    expect(decide('addNotifications', customer)).toBe('/login');
    expect(decide('login', customer)).toBe('/home');
  });
});
