import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * The embedded PayPal sandbox's secrets scheme. Everything is derived from the client secret, so
 * tokens and signatures hold across restarts and across several server processes without state.
 *
 * Access tokens: `A21AA.<expiry in epoch seconds>.<base64url HMAC-SHA256(secret, "token:" + expiry)>`.
 *
 * Webhook signatures. Real PayPal signs `transmission_id|transmission_time|webhook_id|crc32(body)`
 * with a certificate (SHA256withRSA) that verify-webhook-signature checks; the sandbox has no
 * certificate, so it signs the same kind of string with a shared key:
 *
 *     paypal-transmission-sig = base64( HMAC-SHA256( key = client secret,
 *         transmission_id + "|" + transmission_time + "|" + webhook_id + "|" + hex(SHA-256(body)) ) )
 *     paypal-auth-algo = HMAC-SHA256
 *
 * where `body` is the event's JSON text as the sandbox sent it (JSON.stringify of the event). Its
 * verify-webhook-signature endpoint recomputes this from the posted headers and `webhook_event`
 * (re-serialized with JSON.stringify, which reproduces the sent text for an unaltered event). Our
 * adapter does not know the scheme: it calls the verification endpoint, as it would at PayPal.
 */
export const SANDBOX_AUTH_ALGO = 'HMAC-SHA256';
export const SANDBOX_TOKEN_TTL_SECONDS = 32_400;

const hmac = (secret: string, text: string, encoding: 'base64' | 'base64url') =>
  createHmac('sha256', secret).update(text, 'utf8').digest(encoding);

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function issueSandboxToken(secret: string, nowMs: number): { token: string; expiresIn: number } {
  const expiry = Math.floor(nowMs / 1000) + SANDBOX_TOKEN_TTL_SECONDS;
  return { token: `A21AA.${expiry}.${hmac(secret, `token:${expiry}`, 'base64url')}`, expiresIn: SANDBOX_TOKEN_TTL_SECONDS };
}

export function sandboxTokenValid(secret: string, token: string, nowMs: number): boolean {
  const match = /^A21AA\.(\d{1,12})\.([A-Za-z0-9_-]{1,100})$/.exec(token);
  if (!match) return false;
  const expiry = Number(match[1]);
  return expiry * 1000 > nowMs && sameText(hmac(secret, `token:${expiry}`, 'base64url'), match[2]!);
}

export interface TransmissionFields {
  transmissionId: string;
  transmissionTime: string;
  webhookId: string;
  body: string;
}

export function transmissionSignature(secret: string, f: TransmissionFields): string {
  const digest = createHash('sha256').update(f.body, 'utf8').digest('hex');
  return hmac(secret, `${f.transmissionId}|${f.transmissionTime}|${f.webhookId}|${digest}`, 'base64');
}

export function transmissionSignatureValid(secret: string, f: TransmissionFields, signature: string): boolean {
  return sameText(transmissionSignature(secret, f), signature);
}

/** The five PAYPAL-* headers of a delivery of `body`, signed as above. */
export function signedWebhookHeaders(p: {
  secret: string;
  webhookId: string;
  certUrl: string;
  body: string;
  now: Date;
}): Record<string, string> {
  const transmissionId = randomUUID();
  const transmissionTime = p.now.toISOString();
  return {
    'paypal-auth-algo': SANDBOX_AUTH_ALGO,
    'paypal-cert-url': p.certUrl,
    'paypal-transmission-id': transmissionId,
    'paypal-transmission-sig': transmissionSignature(p.secret, { transmissionId, transmissionTime, webhookId: p.webhookId, body: p.body }),
    'paypal-transmission-time': transmissionTime,
  };
}
