import { splitFullName, type updateDetailsBodySchema, type User } from '@traffic/shared';
import type { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { assertSelfOrAdmin, type AuthUser } from '../../core/auth-user.ts';
import { findUserByEmail, updateUser } from './users.repository.ts';
import { getUserObject } from './load-user.ts';

/** PUT users/update/{email}: the details of the update form; answers the updated user object. */
export async function updateDetails(
  ctx: AppContext,
  actor: AuthUser,
  email: string,
  input: z.output<typeof updateDetailsBodySchema>,
): Promise<User> {
  assertSelfOrAdmin(actor, email);
  const target = await findUserByEmail(ctx.db, email);
  if (!target) throw new AppError('NOT_FOUND', 'User not found.');
  const { firstName, lastName } = splitFullName(input.fullName);
  await updateUser(ctx.db, target.id, {
    firstName,
    lastName,
    address: input.address,
    phoneNumber: input.phoneNumber,
    city: input.city,
    country: input.country,
  });
  return getUserObject(ctx, target.id);
}
