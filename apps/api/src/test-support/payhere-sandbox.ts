import type { App } from '../app.ts';
import type { Session } from './accounts.ts';
import { startCheckout } from './payments.ts';

/** Posts a form like a browser and returns the answer without following redirects. */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual', headers });
}

/** Reads the hidden inputs of the sandbox page's Pay form. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1]!] = m[2]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
  }
  return fields;
}

/**
 * Buys through the embedded PayHere over real HTTP, as a browser would: the checkout form, the
 * sandbox's page, its Pay button. The app must listen on its APP_URL. Answers the order id.
 */
export async function payWithSandboxCard(app: App, session: Session, kind: 'package' | 'hits' | 'slots', id: string): Promise<string> {
  const { action, orderUUID: _uuid, ...form } = await startCheckout(app, session, kind, id);
  const page = await postForm(action!, form as Record<string, string>);
  if (page.status !== 200) throw new Error(`sandbox checkout page failed: ${page.status} ${await page.text()}`);
  const pay = await postForm(`${app.ctx.config.payhere.baseUrl}/pay/confirm`, hiddenFields(await page.text()));
  if (pay.status !== 303) throw new Error(`sandbox Pay failed: ${pay.status} ${await pay.text()}`);
  return form.order_id!;
}

/** The sandbox's record of an order's subscription and charges (its merchant API, as our adapter reads it). */
export async function sandboxSubscriptionOf(app: App, orderId: string): Promise<number> {
  const rows = await app.ctx.db.query.sandboxPayhereSubscriptions.findMany();
  const row = rows.find((r) => r.orderId === orderId);
  if (!row) throw new Error(`no sandbox subscription for order ${orderId}`);
  return row.id;
}

/** Drives the sandbox's control routes: the next monthly charge, a failed charge, a charge-back. */
export async function sandboxControl(app: App, path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${app.ctx.config.payhere.baseUrl}/control/${path}`, { method: 'POST', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`sandbox control ${path} failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}
