import { expect, test } from '@playwright/test';

test('the landing page shows the version and leads to /home, the blog and the terms', async ({ page }) => {
  // Console errors catch what the page hides, such as styles or scripts the server's CSP blocks.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/');

  await expect(page.getByText('V2.1.6')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/home');
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/tos');
  await expect(page.getByRole('link', { name: /blog/i })).toHaveAttribute('href', /^https?:\/\//);
  expect(errors).toEqual([]);
});

test('a path the app does not know shows Page not found', async ({ page }) => {
  // Also proves the server hands client routes to index.html instead of answering 404 itself.
  await page.goto('/no-such-page');

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the API lists the seeded packages', async ({ request }) => {
  const response = await request.get('/api/packages');

  expect(response.ok()).toBe(true);
  const packages: unknown = await response.json();
  expect(packages).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'pkgBasic', type: 'normal' })]));
});
