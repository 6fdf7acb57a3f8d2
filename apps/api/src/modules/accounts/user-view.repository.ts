import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '@traffic/db';

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
  addons: { id: number; kind: 'hits' | 'slots'; type: string; name: string; count: number; expires_at: string }[];
  subscriptions: { type: string; expires_at: string; package: PackageJson }[];
}

export interface WebsiteJson {
  id: number;
  user_id: number;
  type: string;
  url: string;
  title: string | null;
  search_engine: string | null;
  daily_hit_limit: number;
  traffic_source: string;
  traffic_source_type: string;
  bounce_rate_reduction: boolean;
  geolocation_type: string;
  status: string;
  ninehits_key: string | null;
  locations: string[] | null;
}

export interface PackageJson {
  id: string;
  name: string;
  price: string | number;
  description: string;
  type: string;
  hits_per_day: number;
  slots: number;
}

/**
 * The whole user object in one round trip: the user row with its notifications, websites (and
 * their countries), activated add-ons and subscriptions aggregated as JSON by the database.
 */
function userViewQuery(where: SQL): SQL {
  return sql`
    select u.id, u.email, u.username, u.first_name, u.last_name, u.address, u.phone_number, u.city, u.country, u.role, u.status,
      coalesce((select json_agg(json_build_object('title', n.title, 'body', n.body, 'date', n.created_at) order by n.created_at desc, n.id desc)
                from notifications n where n.user_id = u.id), '[]'::json) as notifications,
      coalesce((select json_agg(json_build_object(
                  'id', w.id, 'user_id', w.user_id, 'type', w.type, 'url', w.url, 'title', w.title, 'search_engine', w.search_engine,
                  'daily_hit_limit', w.daily_hit_limit, 'traffic_source', w.traffic_source, 'traffic_source_type', w.traffic_source_type,
                  'bounce_rate_reduction', w.bounce_rate_reduction, 'geolocation_type', w.geolocation_type, 'status', w.status,
                  'ninehits_key', w.ninehits_key,
                  'locations', (select json_agg(l.country_code order by l.country_code) from website_locations l where l.website_id = w.id)
                ) order by w.id)
                from websites w where w.user_id = u.id), '[]'::json) as websites,
      coalesce((select json_agg(json_build_object('id', a.id, 'kind', a.kind, 'type', a.type, 'name', a.name, 'count', a.count,
                  'expires_at', a.expires_at) order by a.activated_at, a.id)
                from activated_addons a where a.user_id = u.id), '[]'::json) as addons,
      coalesce((select json_agg(json_build_object('type', s.type, 'expires_at', s.expires_at, 'package', json_build_object(
                  'id', p.id, 'name', p.name, 'price', p.price, 'description', p.description, 'type', p.type,
                  'hits_per_day', p.hits_per_day, 'slots', p.slots)))
                from subscriptions s join packages p on p.id = s.package_id where s.user_id = u.id), '[]'::json) as subscriptions
    from users u
    where ${where}`;
}

export async function findUserView(db: Executor, userId: number): Promise<UserViewRow | undefined> {
  const [row] = await queryRows<UserViewRow>(db, userViewQuery(sql`u.id = ${userId}`));
  return row;
}
