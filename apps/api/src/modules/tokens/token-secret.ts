import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX } from '@traffic/shared';

/** 32 random bytes (256 bits) after the prefix, base64url: 43 characters. */
const SECRET_BYTES = 32;
const TOKEN_PATTERN = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** SHA-256 of the whole token, hex: what the database keeps and looks up (a 256-bit secret needs no slow hash). */
export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token in the clear (shown once), its hash and the last four characters the list shows. */
export function newAccessToken(): { token: string; hash: string; hint: string } {
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(SECRET_BYTES).toString('base64url')}`;
  return { token, hash: hashAccessToken(token), hint: token.slice(-4) };
}

/** Whether a string has a token's shape (checked before any lookup). */
export function isWellFormedAccessToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}
