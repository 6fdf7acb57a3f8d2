import type { App } from '../app.ts';
import { notifySignature } from '../modules/payments/payhere/payhere-signature.ts';
import type { Session } from './accounts.ts';

/** Starts a card checkout as the customer and returns the signed form fields. */
export async function startCheckout(
  app: App,
  session: Session,
  kind: 'package' | 'hits' | 'slots',
  id: string,
): Promise<Record<string, string>> {
  const res = await app.inject({ method: 'POST', url: '/api/orders', headers: session.headers, payload: { kind, id } });
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export interface NotifyFields {
  order_id: string;
  payment_id?: string;
  payhere_amount: string;
  payhere_currency?: string;
  status_code?: string;
  merchant_id?: string;
  message_type?: string;
  /** Override the signature (forgeries). */
  md5sig?: string;
  /** Sign with another secret (forgeries). */
  secret?: string;
  /** Unsigned fields added to the form, as a sender may. */
  extra?: Record<string, string>;
}

/** Sends a PayHere notify as the gateway would: form-encoded, signed with the merchant secret. */
export function sendNotify(app: App, f: NotifyFields) {
  const { payhere } = app.ctx.config;
  const fields: Record<string, string> = {
    merchant_id: f.merchant_id ?? payhere.merchantId,
    order_id: f.order_id,
    payment_id: f.payment_id ?? '320025071278',
    payhere_amount: f.payhere_amount,
    payhere_currency: f.payhere_currency ?? 'USD',
    status_code: f.status_code ?? '2',
    status_message: 'Successfully completed the payment.',
    method: 'VISA',
    custom_1: '',
    custom_2: '',
    ...(f.message_type ? { recurring: '1', message_type: f.message_type } : {}),
    ...f.extra,
  };
  fields.md5sig =
    f.md5sig ??
    notifySignature({
      merchantId: fields.merchant_id!,
      merchantSecret: f.secret ?? payhere.merchantSecret,
      orderId: fields.order_id!,
      amount: fields.payhere_amount!,
      currency: fields.payhere_currency!,
      statusCode: fields.status_code!,
    });
  return app.inject({
    method: 'POST',
    url: '/api/payments/payhere/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}
