import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PayHere's two signatures as its documentation defines them (docs/integrations.md, section 1),
 * written here on their own rather than borrowed from the server's adapter: a stand-in that shared
 * the adapter's code would share its mistakes, and agree with it where PayHere would not.
 *
 *     checkout hash = UPPER(MD5(merchant_id + order_id + amount + currency + UPPER(MD5(merchant_secret))))
 *     notify md5sig = UPPER(MD5(merchant_id + order_id + payhere_amount + payhere_currency + status_code
 *                               + UPPER(MD5(merchant_secret))))
 *
 * Plain concatenation, hex digests, both upper-cased; amounts with two decimals and a '.'.
 */
function upperMd5(...parts: string[]): string {
  const md5 = createHash('md5');
  for (const part of parts) md5.update(part, 'utf8');
  return md5.digest('hex').toUpperCase();
}

export interface PayhereMerchant {
  merchantId: string;
  merchantSecret: string;
}

/** The amount as PayHere writes it: `1000.00`, `14.99`. */
export const payhereAmount = (amount: string | number): string => Number(amount).toFixed(2);

/** The hash a checkout form must carry for this merchant. */
export function expectedCheckoutHash(m: PayhereMerchant, form: { orderId: string; amount: string; currency: string }): string {
  return upperMd5(m.merchantId, form.orderId, form.amount, form.currency, upperMd5(m.merchantSecret));
}

/** The md5sig PayHere puts on a notify with this status. */
export function notifyMd5sig(m: PayhereMerchant, n: { orderId: string; amount: string; currency: string; statusCode: string }): string {
  return upperMd5(m.merchantId, n.orderId, n.amount, n.currency, n.statusCode, upperMd5(m.merchantSecret));
}

/** Whether a posted hash is the expected one, in constant time; PayHere's hex is compared without regard to case. */
export function sameHash(expected: string, posted: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(posted.toUpperCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
