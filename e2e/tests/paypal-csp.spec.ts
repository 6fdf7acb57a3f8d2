import { expect, test } from '@playwright/test';

/**
 * The real PayPal JS SDK (live mode) loads its script from www.paypal.com, renders its buttons in
 * frames from *.paypal.com, and fetches images and data from *.paypal.com, *.paypalobjects.com
 * and *.venmo.com. Chromium enforces our Content-Security-Policy before any request is made; every
 * request that gets past it is answered here, so nothing leaves the machine.
 */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

test('the Content-Security-Policy lets the PayPal SDK load its script, frames, images and calls, and nothing else', async ({ page }) => {
  await page.route(/^https:\/\//, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith('/sdk/js'))
      return route.fulfill({ contentType: 'application/javascript', body: 'window.__paypalSdkRan = true;' });
    if (url.pathname.endsWith('.png')) return route.fulfill({ contentType: 'image/png', body: PIXEL });
    if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/graphql'))
      return route.fulfill({ contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: '{"ok":true}' });
    return route.fulfill({ contentType: 'text/html', body: '<!doctype html><p>PayPal button</p>' });
  });
  await page.goto('/pricings');
  await expect(page.getByRole('heading', { name: 'Choose the best Pricing plan for you' })).toBeVisible();

  const outcome = await page.evaluate(async () => {
    const violations: string[] = [];
    document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    /** Creates the element and settles when it loads or fails (listeners first: an image starts loading on `src`). */
    const load = (tag: 'script' | 'iframe' | 'img', src: string) => {
      const el = document.createElement(tag);
      const settled = new Promise<string>((resolve) => {
        el.addEventListener('load', () => resolve('loaded'));
        el.addEventListener('error', () => resolve('error'));
        setTimeout(() => resolve('no answer'), 5000);
      });
      el.setAttribute('src', src);
      document.body.append(el);
      return settled;
    };
    const results = {
      script: await load('script', 'https://www.paypal.com/sdk/js?client-id=live-client-id&currency=USD&intent=capture'),
      frame: await load('iframe', 'https://www.paypal.com/smart/buttons?env=production'),
      venmo: await load('iframe', 'https://checkout.venmo.com/buttons'),
      image: await load('img', 'https://www.paypalobjects.com/images/checkout/logo.png'),
      call: await fetch('https://api-m.paypal.com/v1/oauth2/token').then(
        (r) => (r.ok ? 'loaded' : 'error'),
        () => 'error',
      ),
      stranger: await load('script', 'https://scripts.example.com/tracker.js'),
    };
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { results, ran: (window as unknown as { __paypalSdkRan?: boolean }).__paypalSdkRan === true, violations };
  });

  expect(outcome.results).toEqual({
    script: 'loaded',
    frame: 'loaded',
    venmo: 'loaded',
    image: 'loaded',
    call: 'loaded',
    stranger: 'error',
  });
  expect(outcome.ran).toBe(true);
  // The only refusal is the stranger's script: the policy is on, and it lets PayPal through.
  expect(outcome.violations).toEqual(['script-src-elem https://scripts.example.com/tracker.js']);
});
