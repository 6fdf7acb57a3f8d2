import { splitFullName, type updateDetailsBodySchema, type User } from '@traffic/shared';
import type { z } from 'zod';
import type { AppContext } from '../../core/context.ts';
import { AppError } from '../../core/app-error.ts';
import { assertSelfOrAdmin, type AuthUser } from '../../core/auth-user.ts';
import { actsForAnother, audit, changedFields, userTarget, type AuditSource } from '../audit/index.ts';
import { findUserByEmail, findUserForUpdate, updateUser, type UserRow } from './users.repository.ts';
import { getUserObject } from './load-user.ts';

const detailsOf = (user: Pick<UserRow, 'firstName' | 'lastName' | 'address' | 'phoneNumber' | 'city' | 'country'>) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  address: user.address,
  phoneNumber: user.phoneNumber,
  city: user.city,
  country: user.country,
});

/**
 * PUT users/update/{email}: the details of the update form; answers the updated user object. An
 * administrator's change to a customer's details is audited with what changed, in its transaction.
 */
export async function updateDetails(
  ctx: AppContext,
  actor: AuthUser,
  email: string,
  input: z.output<typeof updateDetailsBodySchema>,
  source: AuditSource,
): Promise<User> {
  assertSelfOrAdmin(actor, email);
  const found = await findUserByEmail(ctx.db, email);
  if (!found) throw new AppError('NOT_FOUND', 'User not found.');
  const { firstName, lastName } = splitFullName(input.fullName);
  const next = { firstName, lastName, address: input.address, phoneNumber: input.phoneNumber, city: input.city, country: input.country };
  await ctx.db.transaction(async (tx) => {
    const target = await findUserForUpdate(tx, found.id);
    if (!target) throw new AppError('NOT_FOUND', 'User not found.');
    await updateUser(tx, target.id, next);
    if (!actsForAnother(actor, target.id)) return;
    const change = changedFields(detailsOf(target), next);
    if (Object.keys(change.after).length > 0)
      await audit(tx, source, ctx.now(), { action: 'user_details_updated', target: userTarget(target), ...change });
  });
  return getUserObject(ctx, found.id);
}
