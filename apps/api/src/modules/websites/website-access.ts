import { MSG } from '@traffic/shared';
import type { Executor } from '@traffic/db';
import { AppError } from '../../core/app-error.ts';
import { isAdmin, type AuthUser } from '../../core/auth-user.ts';
import { findWebsite, type WebsiteWithLocations } from './websites.repository.ts';

/** Only the owner or an admin touches a website; anyone else gets 403 whether or not it exists. */
export async function websiteFor(db: Executor, actor: AuthUser, id: number): Promise<WebsiteWithLocations> {
  const website = await findWebsite(db, id);
  if (website && (website.userId === actor.id || isAdmin(actor))) return website;
  if (!website && isAdmin(actor)) throw new AppError('NOT_FOUND', 'Website not found.');
  throw new AppError('FORBIDDEN', 'You may not access this website.');
}

/**
 * Only ACTIVE users create, edit or switch on websites (admins act on anyone's).
 * `status` is the account's status when the caller has just read it under a lock.
 */
export function assertMayEdit(actor: AuthUser, status = actor.status): void {
  if (!isAdmin(actor) && status !== 'ACTIVE') throw new AppError('FORBIDDEN', MSG.accountDeactivated);
}
