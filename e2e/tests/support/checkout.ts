import { expect, type Page } from '@playwright/test';
import { toast } from './accounts.ts';

/** The page's path, without the origin. */
export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Buys a normal package on /pricing by card, through the embedded PayHere checkout. */
export async function buyByCard(page: Page, packageName: string) {
  await page.goto('/pricing/normal');
  await page.getByRole('article', { name: packageName }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/payhere\/pay\/checkout$/);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByText('The was purchased successfully.')).toBeVisible();
  await expect.poll(() => pathOf(page)).toBe('/home');
}

/** Subscribes to a package on /pricing with PayPal, through the embedded PayPal sandbox dialog. */
export async function buyByPaypal(page: Page, type: 'normal' | 'seo', packageName: string) {
  await page.goto(`/pricing/${type}`);
  await page.getByRole('article', { name: packageName }).getByRole('button', { name: 'PayPal' }).click();
  const dialog = page.getByRole('dialog', { name: 'PayPal checkout' });
  await expect(dialog).toContainText(packageName);
  await dialog.getByRole('button', { name: 'Pay with PayPal (sandbox)' }).click();
  await expect(toast(page, 'Payment success')).toBeVisible();
  await expect.poll(() => pathOf(page)).toBe('/home');
}
