import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@traffic/db';
import { stripUsername } from '@traffic/shared';
import type { AppContext } from '../../http/context.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';

const { users } = schema;

/**
 * RULES.md "Running it": with ADMIN_EMAIL/ADMIN_PASSWORD, make sure that admin exists, is ACTIVE and
 * has that password; without them, create admin@localhost with a random password when no admin
 * exists, and print the password once.
 */
export async function ensureAdmin(ctx: AppContext): Promise<void> {
  const { admin } = ctx.config;
  if (admin) {
    const [existing] = await ctx.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${admin.email})`);
    if (!existing) {
      await createAdmin(ctx, admin.email, admin.password);
      ctx.log.info({ email: admin.email }, 'admin account created');
      return;
    }
    const passwordOk = await verifyPassword(existing.passwordHash, admin.password);
    if (existing.role === 'ROLE_ADMIN' && existing.status === 'ACTIVE' && passwordOk) return;
    await ctx.db
      .update(users)
      .set({
        role: 'ROLE_ADMIN',
        status: 'ACTIVE',
        ...(passwordOk ? {} : { passwordHash: await hashPassword(admin.password), sessionVersion: existing.sessionVersion + 1 }),
        updatedAt: ctx.now(),
      })
      .where(eq(users.id, existing.id));
    ctx.log.info({ email: admin.email }, 'admin account updated from ADMIN_EMAIL/ADMIN_PASSWORD');
    return;
  }

  const [anyAdmin] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.role, 'ROLE_ADMIN')).limit(1);
  if (anyAdmin) return;
  const password = randomBytes(12).toString('base64url');
  await createAdmin(ctx, 'admin@localhost', password);
  // Printed once, on purpose: this is the only way a first install learns the admin's password.
  ctx.log.warn(`No ADMIN_EMAIL set: created admin@localhost with password ${password} (shown once; set ADMIN_EMAIL/ADMIN_PASSWORD to choose your own)`);
}

async function createAdmin(ctx: AppContext, email: string, password: string): Promise<void> {
  const base = stripUsername(email.split('@')[0] ?? 'admin') || 'admin';
  const username = await freeUsername(ctx, base);
  await ctx.db.insert(users).values({
    email,
    username,
    passwordHash: await hashPassword(password),
    role: 'ROLE_ADMIN',
    status: 'ACTIVE',
    firstName: 'Site',
    lastName: 'Administrator',
  });
}

async function freeUsername(ctx: AppContext, base: string): Promise<string> {
  for (let n = 0; ; n++) {
    const candidate = n === 0 ? base : `${base}${n}`;
    const [taken] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${candidate})`);
    if (!taken) return candidate;
  }
}
