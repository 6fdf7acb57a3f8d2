import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach } from 'vitest';
import type { TypeStats, User, Website } from '@traffic/shared/schemas/accounts.schema';
import { fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

/** Test support for the website screens: a customer with capacity, websites, and the app at a path. */

const future = '2999-01-01T00:00:00.000Z';
const basic = {
  id: 'pkgBasic',
  name: 'Basic',
  price: '14.99',
  description: '<ul></ul>',
  type: 'normal' as const,
  hits_per_day: 1000,
  slots: 6,
};
const seoStarter = {
  id: 'pkgSEOStarter',
  name: 'SEO Starter',
  price: '19.99',
  description: '<ul></ul>',
  type: 'seo' as const,
  hits_per_day: 500,
  slots: 3,
};

export function stats(availableHits: number, availableSlots: number, used: Partial<TypeStats> = {}): TypeStats {
  const usedHits = used.usedHits ?? 0;
  const usedSlots = used.usedSlots ?? 0;
  return {
    totalHits: availableHits + usedHits,
    usedHits,
    availableHits,
    totalSlots: availableSlots + usedSlots,
    usedSlots,
    availableSlots,
  };
}

/** An ACTIVE customer with a live normal and seo package; override what a test is about. */
export function customer(overrides: Partial<User> = {}): User {
  return makeUser({
    status: 'ACTIVE',
    package: basic,
    subscription_expiry_date: future,
    seo_package: seoStarter,
    seo_subscription_expiry_date: future,
    stats: { normal: stats(1000, 6), seo: stats(500, 3) },
    ...overrides,
  });
}

export function makeWebsite(overrides: Partial<Website> = {}): Website {
  return {
    id: 11,
    url: 'https://www.example.com/shop',
    title: null,
    search_engine: null,
    daily_hit_limit: 200,
    traffic_source: 'Direct',
    traffic_source_type: '',
    bounce_rate_reduction: true,
    geolocation_type: 'All Countries',
    locations: [],
    status: 'ACTIVE',
    type: 'normal',
    ninehits_key: 'nh-11',
    ninehits_state: 'approved',
    user_id: 7,
    email: 'ann@example.com',
    username: 'ann',
    ...overrides,
  };
}

export function makeSeoWebsite(overrides: Partial<Website> = {}): Website {
  return makeWebsite({
    id: 21,
    url: 'https://www.youtube.com/watch?v=abc',
    title: 'My video',
    search_engine: 'youtube',
    traffic_source: 'Organic',
    traffic_source_type: 'shoes,red shoes',
    type: 'seo',
    ...overrides,
  });
}

/** Signs `user` in and renders the app at `path`; `replies` add to the user load. */
export function showApp(path: string, user: User, replies: Parameters<typeof fakeApi>[0] = {}) {
  storeSignedIn(user);
  const api = fakeApi({ [`POST /users/load/${user.email}`]: ok(user), ...replies });
  return { api, ...renderApp(path) };
}

/** No pause between keystrokes: forms are filled many times over. */
export const typist = () => userEvent.setup({ delay: null });

/** Each test starts without the toasts of the one before. */
export function dismissToastsAfterEach() {
  afterEach(() => {
    act(() => toast.dismiss());
  });
}

/** Moving to another screen loads its code first, which takes a while in jsdom on a busy machine. */
export const navigation = { timeout: 8000 };

/** Types `text` into a field in one go (a paste): whole addresses keystroke by keystroke are slow in jsdom. */
export async function fill(user: ReturnType<typeof typist>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
