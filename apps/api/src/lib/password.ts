import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's recommended cost (docs/product.md section 10, "Accounts"). */
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum, not importable here) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
