import { vi } from 'vitest';
import type { AddonPackage, Package } from '@traffic/shared/schemas/catalogue.schema';
import type { CheckoutForm } from '@traffic/shared/schemas/payments.schema';

const list = (hits: number, slots: number) =>
  `<ul><li>${hits.toLocaleString('en-US')} hits per day</li><li>${slots} website slots</li></ul>`;

export const basic: Package = {
  id: 'pkgBasic',
  name: 'Basic',
  price: '14.99',
  description: list(1000, 6),
  type: 'normal',
  hits_per_day: 1000,
  slots: 6,
};
export const standard: Package = {
  id: 'pkgStandard',
  name: 'Standard',
  price: '44.99',
  description: list(4200, 25),
  type: 'normal',
  hits_per_day: 4200,
  slots: 25,
};
export const seoStarter: Package = {
  id: 'pkgSEOStarter',
  name: 'SEO Starter',
  price: '19.99',
  description: list(500, 3),
  type: 'seo',
  hits_per_day: 500,
  slots: 3,
};

export const hits1000: AddonPackage = { id: '1000Hits', name: '1000 Extra Hits', price: '4.99', count: 1000, type: 'normal' };
export const seoHits500: AddonPackage = { id: '500Hits', name: '500 Extra SEO Hits', price: '4.99', count: 500, type: 'seo' };
export const slots5: AddonPackage = { id: '5Slots', name: '5 Extra Slots', price: '4.99', count: 5, type: 'normal' };

/** What POST /api/orders answers: the card form's fields, signed on the server. */
export function makeCheckout(overrides: Partial<CheckoutForm> = {}): CheckoutForm {
  return {
    action: 'http://localhost:3000/sandbox/payhere/pay/checkout',
    merchant_id: '1211149',
    return_url: 'http://localhost:3000/purchase',
    cancel_url: 'http://localhost:3000/cancel',
    notify_url: 'http://localhost:3000/api/payments/payhere/notify',
    order_id: '8d7c4b2a-1f3e-4c5d-9a6b-7e8f9a0b1c2d',
    items: 'Basic',
    currency: 'USD',
    amount: '14.99',
    first_name: 'Ann',
    last_name: 'Lee',
    email: 'ann@example.com',
    phone: '5551234567',
    address: '1 Main Street',
    city: 'Springfield',
    country: 'United States',
    hash: 'ABCDEF0123456789ABCDEF0123456789',
    custom_1: 'package',
    custom_2: 'pkgBasic',
    recurrence: '1 Month',
    duration: 'Forever',
    orderUUID: '8d7c4b2a-1f3e-4c5d-9a6b-7e8f9a0b1c2d',
    ...overrides,
  };
}

export const sandboxConfig = { paymentsMode: 'sandbox', paypalClientId: null, currency: 'USD' } as const;

/** Catches the checkout form the page posts (jsdom cannot navigate) and keeps it for the assertions. */
export function captureFormSubmits(): HTMLFormElement[] {
  const submitted: HTMLFormElement[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  return submitted;
}
