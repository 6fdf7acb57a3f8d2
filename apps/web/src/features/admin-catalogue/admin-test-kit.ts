import { act, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import type { AddonPackage, Package } from '@traffic/shared/schemas/catalogue.schema';
import { notify } from '../../shell/toast.ts';
import { fakeApi, ok } from '../../test/fake-api.ts';
import { makeUser, storeSignedIn } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

/** Test support for the admin catalogue screens: a signed-in admin, catalogue fixtures, toast spies. */

export const admin = makeUser({ id: 1, email: 'admin@example.com', username: 'admin', role: 'ROLE_ADMIN', status: 'ACTIVE' });

export const basic: Package = {
  id: 'pkgBasic',
  name: 'Basic',
  price: '14.99',
  description: '<ul><li>Direct traffic</li></ul>',
  type: 'normal',
  hits_per_day: 1000,
  slots: 6,
};
export const standard: Package = { ...basic, id: 'pkgStandard', name: 'Standard', price: '44.99', hits_per_day: 4200, slots: 25 };
export const seoStarter: Package = { ...basic, id: 'pkgSeoStarter', name: 'Seo Starter', type: 'seo', price: '19.99' };

export const hits1000: AddonPackage = { id: '1000Hits', name: '1000 Hits', price: '5.00', count: 1000, type: 'normal' };
export const hits5000: AddonPackage = { id: '5000Hits', name: '5000 Hits', price: '20.00', count: 5000, type: 'normal' };
export const slots5: AddonPackage = { id: '5Slots', name: '5 Slots', price: '3.00', count: 5, type: 'normal' };
export const slots10: AddonPackage = { id: '10Slots', name: '10 Slots', price: '5.00', count: 10, type: 'seo' };

/** The catalogue as GET packages / additional-hits / additional-slots answer it. */
export const catalogueReplies = () => ({
  'GET /packages': ok([basic, standard, seoStarter]),
  'GET /additional-hits': ok([hits1000, hits5000]),
  'GET /additional-slots': ok([slots5, slots10]),
});

/** No pause between keystrokes: forms are filled many times over. */
export const user = userEvent.setup({ delay: null });

/*
 * Each screen is a lazy route behind the session load: on a busy machine the first render takes
 * longer than Testing Library's 1 s default. Applies to the test files that import this kit.
 */
configure({ asyncUtilTimeout: 10_000 });

/** Opens `path` as the signed-in admin with the catalogue and `replies` answered, once its screen is up. */
export async function openAsAdmin(path: string, replies: Parameters<typeof fakeApi>[0] = {}) {
  storeSignedIn(admin, 'admin-token');
  const api = fakeApi({ [`POST /users/load/${admin.email}`]: ok(admin), ...catalogueReplies(), ...replies });
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return { ...view, api };
}

type NotifySpy = MockInstance<(message: string) => unknown>;

/** Watches notify, the one way the app raises a toast, in each test of the calling file; clears toasts after each. */
export function watchToasts() {
  const spies = {} as { success: NotifySpy; error: NotifySpy; info: NotifySpy };
  beforeEach(() => {
    spies.success = vi.spyOn(notify, 'success');
    spies.error = vi.spyOn(notify, 'error');
    spies.info = vi.spyOn(notify, 'info');
  });
  afterEach(() => {
    act(() => toast.dismiss());
    vi.restoreAllMocks();
  });
  return spies;
}
