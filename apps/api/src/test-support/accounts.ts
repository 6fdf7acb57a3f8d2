import type { RegisterBody, User } from '@traffic/shared';
import type { App } from '../app.ts';
import { TEST_ADMIN } from './test-app.ts';

let counter = 0;

export function customerBody(overrides: Partial<RegisterBody> = {}): RegisterBody {
  counter += 1;
  return {
    email: `customer${counter}@example.com`,
    username: `customer${counter}`,
    password: 'customer-password-1',
    address: '1 Main Street',
    phoneNumber: '94771234567',
    fullName: 'Ada/Lovelace',
    city: 'Colombo',
    country: 'Sri Lanka',
    ...overrides,
  };
}

export interface Session {
  token: string;
  user: User;
  headers: { authorization: string };
}

export async function registerCustomer(app: App, overrides: Partial<RegisterBody> = {}): Promise<Session & { password: string }> {
  const body = customerBody(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/users', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const { token, data } = res.json() as { token: string; data: User };
  return { token, user: data, headers: { authorization: `Bearer ${token}` }, password: body.password };
}

export async function login(app: App, username: string, password: string): Promise<Session> {
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const { token, data } = res.json() as { token: string; data: User };
  return { token, user: data, headers: { authorization: `Bearer ${token}` } };
}

export function loginAdmin(app: App): Promise<Session> {
  return login(app, TEST_ADMIN.email, TEST_ADMIN.password);
}

/** A customer with a package granted by the admin (ACTIVE), plus optional add-ons. */
export async function customerWithPackage(
  app: App,
  pkg = 'pkgBasic',
  overrides: Partial<RegisterBody> = {},
  addons: { kind: 'hits' | 'slots'; id: string }[] = [],
): Promise<Session> {
  const customer = await registerCustomer(app, overrides);
  const admin = await loginAdmin(app);
  const granted = await app.inject({
    method: 'POST',
    url: '/api/users/addPackage',
    headers: admin.headers,
    payload: { pkg, email: customer.user.email },
  });
  if (granted.statusCode !== 200) throw new Error(`grant failed: ${granted.body}`);
  for (const addon of addons) {
    await app.inject({
      method: 'POST',
      url: `/api/activated-additional-${addon.kind}/email`,
      headers: admin.headers,
      payload: { additional_id: addon.id, email: customer.user.email },
    });
  }
  return { ...customer, user: granted.json() };
}
