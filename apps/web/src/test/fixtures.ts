import type { User } from '@traffic/shared/schemas/accounts.schema';
import { STORAGE_KEYS } from '../lib/session-store.ts';

const noStats = { totalHits: 0, usedHits: 0, availableHits: 0, totalSlots: 0, usedSlots: 0, availableSlots: 0 };

/** A customer with complete details and nothing bought, as the API answers it. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'ann@example.com',
    username: 'ann',
    fullName: 'Ann/Lee',
    address: '1 Main Street',
    phoneNumber: '5551234567',
    city: 'Springfield',
    country: 'United States',
    role: 'ROLE_USER',
    status: 'INACTIVE',
    notifications: [],
    websites: [],
    activatedadditionalhits: [],
    activatedadditionalslots: [],
    package: null,
    subscription_expiry_date: null,
    seo_package: null,
    seo_subscription_expiry_date: null,
    stats: { normal: noStats, seo: noStats },
    ...overrides,
  };
}

/** Signs a browser in the way the app keeps sessions, before the app starts. */
export function storeSignedIn(user: User, token = 'test-token') {
  localStorage.setItem(STORAGE_KEYS.token, token);
  localStorage.setItem(STORAGE_KEYS.email, user.email);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}
