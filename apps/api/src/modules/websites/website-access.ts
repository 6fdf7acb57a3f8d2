import { MSG } from '@traffic/shared';
import type { Executor } from '@traffic/db';
import { AppError } from '../../http/app-error.ts';
import { isAdmin, type AuthUser } from '../../http/auth.ts';
import { findWebsite, type WebsiteWithLocations } from './websites.repository.ts';

/** Only the owner or an admin touches a website; anyone else gets 403 whether or not it exists. */
export async function websiteFor(db: Executor, actor: AuthUser, id: number): Promise<WebsiteWithLocations> {
  const website = await findWebsite(db, id);
  if (website && (website.userId === actor.id || isAdmin(actor))) return website;
  if (!website && isAdmin(actor)) throw new AppError('NOT_FOUND', 'Website not found.');
  throw new AppError('FORBIDDEN', 'You may not access this website.');
}

/** SPEC.md section 6: only ACTIVE users create or edit websites (admins act on anyone's). */
export function assertMayEdit(actor: AuthUser): void {
  if (!isAdmin(actor) && actor.status !== 'ACTIVE') throw new AppError('FORBIDDEN', MSG.accountDeactivated);
}
