import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { RECOVERY_CODE_PATTERN } from '@traffic/shared';

/**
 * TOTP as authenticator apps use it (RFC 6238: SHA-1, 6 digits, 30 s), with otplib. A code from the
 * step before or after now is accepted (clocks drift), and never a step at or before the last one
 * accepted, so a code works once.
 */
const PERIOD_S = 30;

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export async function enrolment(secret: string, issuer: string, account: string): Promise<{ otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = generateURI({ issuer, label: account, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The step of an accepted code, or null. */
export async function checkTotp(secret: string, code: string, now: Date, lastStep: number | null): Promise<number | null> {
  const epoch = Math.floor(now.getTime() / 1000);
  // After the clock stepped back past the last accepted step, every code now is at or before it:
  // refused (otplib would throw on such an afterTimeStep).
  if (lastStep !== null && lastStep >= Math.floor(epoch / PERIOD_S) + 1) return null;
  const result = await verify({
    secret,
    token: code,
    epoch,
    epochTolerance: PERIOD_S,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Ten codes of ten base-32 letters (50 random bits each), shown as `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: 10 }, () => {
    const letters = [...randomBytes(10)].map((b) => BASE32[b % 32]).join('');
    return `${letters.slice(0, 5)}-${letters.slice(5)}`;
  });
}

/** Recovery codes are random and long, so a plain SHA-256 suffices to store them. */
export function hashRecoveryCode(code: string): string {
  const letters = code.trim().toLowerCase().replace(/-/g, '');
  return createHash('sha256').update(letters).digest('hex');
}

export const isRecoveryCode = (code: string) => RECOVERY_CODE_PATTERN.test(code.trim());
