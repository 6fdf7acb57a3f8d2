import { MSG, type registerBodySchema, splitFullName } from '@traffic/shared';
import type { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { audit, userTarget, type AuditSource } from '../audit/index.ts';
import { startSession } from './start-session.ts';
import { findUserByEmail, insertUser, isUsernameTaken, uniqueViolation, type UserRow } from './users.repository.ts';

type RegisterInput = z.output<typeof registerBodySchema>;

/**
 * POST users: a new ROLE_USER account, INACTIVE until its first package (docs/product.md section 10,
 * "Accounts"), and its first session, in one transaction with the `registered` audit record.
 */
export async function registerUser(
  ctx: AppContext,
  input: RegisterInput,
  source: AuditSource,
): Promise<{ user: UserRow; sessionId: string }> {
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError('CONFLICT', MSG.emailTaken);
  if (await isUsernameTaken(ctx.db, input.username)) throw new AppError('CONFLICT', MSG.usernameTaken);

  const { firstName, lastName } = splitFullName(input.fullName);
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email: input.email,
        username: input.username,
        passwordHash,
        firstName,
        lastName,
        address: input.address,
        phoneNumber: input.phoneNumber,
        city: input.city,
        country: input.country,
        role: 'ROLE_USER',
        status: 'INACTIVE',
      });
      await audit(tx, { ...source, actor: { id: user.id, email: user.email } }, ctx.now(), {
        action: 'registered',
        target: userTarget(user),
        subjectUserId: user.id,
        after: { username: user.username },
      });
      return { user, sessionId: await startSession(ctx, tx, user, source, 'registration') };
    });
  } catch (error) {
    // Two sign-ups racing for the same email or username: the unique index decides.
    const constraint = uniqueViolation(error);
    if (constraint) throw new AppError('CONFLICT', constraint.includes('username') ? MSG.usernameTaken : MSG.emailTaken);
    throw error;
  }
}
