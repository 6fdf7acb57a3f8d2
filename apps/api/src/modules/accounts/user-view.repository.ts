import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { preparedPerDatabase, schema, type Executor } from '@traffic/db';
import { websiteJson, type WebsiteSource, activationJson, type ActivationJson } from '../shapes/index.ts';
import { packageJson, type PackageSource } from '../catalogue/index.ts';

const { users } = schema;

/** One user with everything the user object carries, as the database returns it. */
export interface UserViewRow {
  id: number;
  email: string;
  username: string;
  first_name: string;
  last_name: string;
  address: string;
  phone_number: string;
  city: string;
  country: string;
  role: string;
  status: string;
  notifications: { title: string; body: string; date: string }[];
  websites: WebsiteJson[];
  addons: ActivationJson[];
  subscriptions: { type: string; expiresAt: string; package: PackageSource }[];
}

/** A website as the user object's JSON carries it: the website field list (shapes/website-fields.ts), owner aside. */
export type WebsiteJson = Omit<WebsiteSource, 'ownerEmail' | 'ownerUsername'>;

/**
 * The whole user object in one round trip: the user row with its notifications, websites (and
 * their countries), activated add-ons and subscriptions aggregated as JSON by the database.
 */
// The user's id as the subqueries see it. Not `${users.id}`: in a one-table select drizzle writes
// columns unqualified, and inside a subquery "id" would name the subquery's own column.
const outerUserId = sql`${sql.identifier('users')}.${sql.identifier('id')}`;

const userViewFields = {
  id: users.id,
  email: users.email,
  username: users.username,
  first_name: users.firstName,
  last_name: users.lastName,
  address: users.address,
  phone_number: users.phoneNumber,
  city: users.city,
  country: users.country,
  role: users.role,
  status: users.status,
  notifications: sql<UserViewRow['notifications']>`
      coalesce((select json_agg(json_build_object('title', n.title, 'body', n.body, 'date', n.created_at) order by n.created_at desc, n.id desc)
                from notifications n where n.user_id = ${outerUserId}), '[]'::json)`,
  websites: sql<UserViewRow['websites']>`
      coalesce((select json_agg(${websiteJson('w')} order by w.id) from websites w where w.user_id = ${outerUserId}), '[]'::json)`,
  addons: sql<UserViewRow['addons']>`
      coalesce((select json_agg(${activationJson('a')} order by a.activated_at, a.id)
                from activated_addons a where a.user_id = ${outerUserId}), '[]'::json)`,
  subscriptions: sql<UserViewRow['subscriptions']>`
      coalesce((select json_agg(json_build_object('type', s.type, 'expiresAt', s.expires_at, 'package', ${packageJson('p')}))
                from subscriptions s join packages p on p.id = s.package_id where s.user_id = ${outerUserId}), '[]'::json)`,
};

const userViewOf = (db: Executor) => db.select(userViewFields).from(users);
/** Loaded on every page: planning it costs PostgreSQL about a millisecond, so it is prepared. */
const userViewQuery = preparedPerDatabase((db) =>
  userViewOf(db)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('user_view_by_id'),
);

export async function findUserView(db: Executor, userId: number): Promise<UserViewRow | undefined> {
  if (db instanceof PgTransaction) {
    const [row] = await userViewOf(db).where(eq(users.id, userId));
    return row;
  }
  const [row] = await userViewQuery(db).execute({ id: userId });
  return row;
}
