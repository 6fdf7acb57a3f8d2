import { createHash, timingSafeEqual } from 'node:crypto';

const md5Upper = (value: string) => createHash('md5').update(value, 'utf8').digest('hex').toUpperCase();

/** PayHere's amount format: two decimals, '.' separator, no thousands separator. */
export function formatAmount(amount: string | number): string {
  return Number(amount).toFixed(2);
}

/** hash = UPPER(MD5(merchant_id + order_id + amount + currency + UPPER(MD5(merchant_secret)))) — docs/integrations.md section 1. */
export function checkoutHash(p: { merchantId: string; merchantSecret: string; orderId: string; amount: string; currency: string }): string {
  return md5Upper(p.merchantId + p.orderId + p.amount + p.currency + md5Upper(p.merchantSecret));
}

/** md5sig = UPPER(MD5(merchant_id + order_id + payhere_amount + payhere_currency + status_code + UPPER(MD5(merchant_secret)))). */
export function notifySignature(p: {
  merchantId: string;
  merchantSecret: string;
  orderId: string;
  amount: string;
  currency: string;
  statusCode: string;
}): string {
  return md5Upper(p.merchantId + p.orderId + p.amount + p.currency + p.statusCode + md5Upper(p.merchantSecret));
}

export function signaturesMatch(expected: string, received: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(received.toUpperCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
