import { endSessions } from './sessions.repository.ts';
import { randomBytes } from 'node:crypto';
import { stripUsername } from '@traffic/shared';
import type { AppContext } from '../../core/context.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import {
  anyAdminExists,
  findUserByEmail,
  insertUserUnlessTaken,
  isUsernameTaken,
  uniqueViolation,
  updateUser,
} from './users.repository.ts';

/**
 * docs/product.md section 10, "Running it": with ADMIN_EMAIL/ADMIN_PASSWORD, make sure that admin exists, is ACTIVE and
 * has that password; without them, create admin@localhost with a random password when no admin
 * exists, and print the password once.
 */
export async function ensureAdmin(ctx: AppContext): Promise<void> {
  try {
    await ensureAdminOnce(ctx);
  } catch (error) {
    // Servers starting at once on a fresh database race to create the admin: the one that loses
    // finds it on a second look, instead of failing to start.
    if (!uniqueViolation(error)) throw error;
    await ensureAdminOnce(ctx);
  }
}

async function ensureAdminOnce(ctx: AppContext): Promise<void> {
  const { admin } = ctx.config;
  if (admin) {
    const existing = await findUserByEmail(ctx.db, admin.email);
    if (!existing) {
      await createAdmin(ctx, admin.email, admin.password);
      ctx.log.info({ email: admin.email }, 'admin account created');
      return;
    }
    const passwordOk = await verifyPassword(existing.passwordHash, admin.password);
    if (existing.role === 'ROLE_ADMIN' && existing.status === 'ACTIVE' && passwordOk) return;
    const passwordHash = passwordOk ? undefined : await hashPassword(admin.password);
    await ctx.db.transaction(async (tx) => {
      await updateUser(tx, existing.id, { role: 'ROLE_ADMIN', status: 'ACTIVE', ...(passwordHash ? { passwordHash } : {}) });
      // A new password from the settings ends the sessions signed in with the old one.
      if (passwordHash) await endSessions(tx, existing.id, ctx.now());
    });
    ctx.log.info({ email: admin.email }, 'admin account updated from ADMIN_EMAIL/ADMIN_PASSWORD');
    return;
  }

  if (await anyAdminExists(ctx.db)) return;
  const password = randomBytes(12).toString('base64url');
  // A server starting at the same moment may win; then its password is the one printed.
  if (!(await createAdmin(ctx, 'admin@localhost', password))) return;
  // Printed once, on purpose: this is the only way a first install learns the admin's password.
  ctx.log.warn(
    `No ADMIN_EMAIL set: created admin@localhost with password ${password} (shown once; set ADMIN_EMAIL/ADMIN_PASSWORD to choose your own)`,
  );
}

/**
 * Inserts the admin; false when a concurrent start inserted that email first. Several servers may
 * start together (several processes on one database, docs/architecture.md), so a unique conflict here is expected, not an error.
 */
async function createAdmin(ctx: AppContext, email: string, password: string): Promise<boolean> {
  const base = stripUsername(email.split('@')[0] ?? 'admin') || 'admin';
  const passwordHash = await hashPassword(password);
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = await freeUsername(ctx, base);
    const admin = { email, username, passwordHash, role: 'ROLE_ADMIN', status: 'ACTIVE', firstName: 'Site', lastName: 'Administrator' };
    if (await insertUserUnlessTaken(ctx.db, admin)) return true;
    if (await findUserByEmail(ctx.db, email)) return false;
    // The username was taken in between by someone else: pick the next free one.
  }
  throw new Error(`could not find a free username for the admin account ${email}`);
}

async function freeUsername(ctx: AppContext, base: string): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}${n}`;
    if (!(await isUsernameTaken(ctx.db, candidate))) return candidate;
  }
}
