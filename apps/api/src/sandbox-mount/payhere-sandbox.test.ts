import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createListeningTestApp } from '../test-support/listening-app.ts';
import type { TestApp } from '../test-support/test-app.ts';
import { registerCustomer, type Session } from '../test-support/accounts.ts';
import { startCheckout } from '../test-support/payments.ts';
import { hiddenFields, postForm } from '../test-support/payhere-sandbox.ts';

describe('the embedded PayHere sandbox, over real HTTP', () => {
  let t: TestApp & { baseUrl: string };
  let buyer: Session;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    buyer = await registerCustomer(t.app, { email: 'card@example.com' });
  });
  afterAll(() => t.close());

  const checkout = async (kind: 'package' | 'hits', id: string) => {
    const { action, orderUUID: _uuid, ...form } = await startCheckout(t.app, buyer, kind, id);
    return { action: action!, form: form as Record<string, string> };
  };
  const load = async () => (await t.app.inject({ method: 'POST', url: '/api/users/load/card@example.com', headers: buyer.headers })).json();

  it('shows the order, and Pay notifies our server before sending the browser back', async () => {
    const { action, form } = await checkout('package', 'pkgBasic');
    expect(action).toBe(`${t.baseUrl}/sandbox/payhere/pay/checkout`);
    const page = await postForm(action, form);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Basic');
    expect(html).toContain('14.99 USD');
    expect(html).toContain('Every Month');

    const pay = await postForm(`${t.baseUrl}/sandbox/payhere/pay/confirm`, hiddenFields(html));
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`${t.baseUrl}/purchase?order_id=${form.order_id}`);
    // The callback ran before the redirect: the package is already granted.
    expect((await load()).package.id).toBe('pkgBasic');
  });

  it('Cancel leads to cancel_url and grants nothing', async () => {
    const { action, form } = await checkout('hits', '1000Hits');
    const html = await (await postForm(action, form)).text();
    expect(html).toContain(`href="${t.baseUrl}/cancel"`);
    expect((await load()).activatedadditionalhits).toEqual([]);
  });

  it('refuses a form whose hash does not match, as PayHere does', async () => {
    const { action, form } = await checkout('package', 'pkgBasic');
    const tampered = await postForm(action, { ...form, amount: '0.01' });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain('Invalid hash value');
    const foreign = await postForm(action, { ...form, merchant_id: '42' });
    expect(foreign.status).toBe(400);
  });

  it('refuses a Pay form altered after the checkout page', async () => {
    const { action, form } = await checkout('package', 'pkgBasic');
    const fields = hiddenFields(await (await postForm(action, form)).text());
    const res = await postForm(`${t.baseUrl}/sandbox/payhere/pay/confirm`, { ...fields, amount: '0.01' });
    expect(res.status).toBe(400);
    expect((await load()).package).toBeNull();
  });
});
