import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach } from 'vitest';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import type { AdminUserRow } from '@traffic/shared/schemas/admin.schema';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import { fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import type { ExpiringUser } from './api/get-expiring-users.ts';

/** Test support for the admin console screens: a signed-in admin, fixtures as the API answers them. */

export const admin = makeUser({ id: 1, email: 'admin@example.com', username: 'admin', role: 'ROLE_ADMIN', status: 'ACTIVE' });

/** A screen's first appearance: a lazy chunk and a first MUI render can outlast the default 1 s on a busy machine. */
export const FIRST_LOAD = { timeout: 5000 };

/** No pause between keystrokes. */
export const user = userEvent.setup({ delay: null });

export function openAsAdmin(path: string, replies: Parameters<typeof fakeApi>[0] = {}) {
  storeSignedIn(admin, 'admin-token');
  const api = fakeApi({ [`POST /users/load/${admin.email}`]: ok(admin), ...replies });
  return { ...renderApp(path), api };
}

/** A toast id is its text, and a toast still on screen swallows the same one: each test starts with none. */
export function dismissToastsAfterEach() {
  afterEach(() => {
    act(() => toast.dismiss());
  });
}

export function makeExpiring(overrides: Partial<ExpiringUser> = {}): ExpiringUser {
  return {
    id: 7,
    username: 'ann',
    email: 'ann@example.com',
    status: 'ACTIVE',
    type: 'normal',
    package_name: 'Basic',
    subscription_expiry_date: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    state: 'not-renewing',
    ...overrides,
  };
}

export function makeWebsite(overrides: Partial<Website> = {}): Website {
  return {
    id: 11,
    url: 'https://ann.example.com',
    title: null,
    search_engine: null,
    daily_hit_limit: 500,
    traffic_source: 'Social',
    traffic_source_type: 'Reddit',
    bounce_rate_reduction: true,
    geolocation_type: 'All Countries',
    locations: [],
    status: 'ACTIVE',
    type: 'normal',
    ninehits_key: null,
    ninehits_state: null,
    user_id: 7,
    email: 'ann@example.com',
    username: 'ann',
    ...overrides,
  };
}

export function makeUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: 7,
    username: 'ann',
    email: 'ann@example.com',
    status: 'ACTIVE',
    package_id: 'pkgBasic',
    package_name: 'Basic',
    subscription_expiry_date: '2031-05-01T00:00:00.000Z',
    two_factor: false,
    websites: [],
    ...overrides,
  };
}

export const basic: Package = {
  id: 'pkgBasic',
  name: 'Basic',
  price: '14.99',
  description: '<ul><li>Basic</li></ul>',
  type: 'normal',
  hits_per_day: 1000,
  slots: 6,
};
export const standard: Package = { ...basic, id: 'pkgStandard', name: 'Standard', price: '44.99' };
export const seoStarter: Package = { ...basic, id: 'pkgSeoStarter', name: 'Seo Starter', type: 'seo' };
