import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals short secrets kept in the database (the TOTP secrets) with AES-256-GCM under a key derived
 * from the server secret, so a copy of the database alone does not let anyone make codes. Changing
 * JWT_SECRET makes sealed secrets unreadable: those accounts then sign in with a recovery code.
 */
const keyOf = (serverSecret: string) => createHash('sha256').update(`secret-box|${serverSecret}`).digest();

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function seal(serverSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(serverSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The sealed text, or null when it was sealed under another key or altered. */
export function unseal(serverSecret: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
