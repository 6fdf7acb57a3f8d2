import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, schema, type Executor } from '@traffic/db';
import { PACKAGE_TYPES } from '@traffic/shared';

const { packages, addonPackages } = schema;

export type PackageRow = typeof packages.$inferSelect;
export type AddonRow = typeof addonPackages.$inferSelect;
export type AddonKind = 'hits' | 'slots';

export function findActivePackages(db: Executor): Promise<PackageRow[]> {
  return db.select().from(packages).where(isNull(packages.deletedAt)).orderBy(asc(packages.type), asc(packages.price), asc(packages.id));
}

export function findActiveAddons(db: Executor, kind: AddonKind): Promise<AddonRow[]> {
  return db
    .select()
    .from(addonPackages)
    .where(and(eq(addonPackages.kind, kind), isNull(addonPackages.deletedAt)))
    .orderBy(asc(addonPackages.type), asc(addonPackages.price), asc(addonPackages.id));
}

export interface FindOptions {
  /** Also a retired item (an order keeps pointing at what it bought). */
  includeRetired?: boolean;
  /** Locks the row for the rest of the transaction (an edit reads what it changes). */
  lock?: boolean;
}

export async function findPackage(db: Executor, id: string, options: FindOptions = {}): Promise<PackageRow | undefined> {
  const query = db
    .select()
    .from(packages)
    .where(options.includeRetired ? eq(packages.id, id) : and(eq(packages.id, id), isNull(packages.deletedAt)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function findAddon(db: Executor, id: string, options: FindOptions & { kind?: AddonKind } = {}): Promise<AddonRow | undefined> {
  const conditions = [eq(addonPackages.id, id)];
  if (options.kind) conditions.push(eq(addonPackages.kind, options.kind));
  if (!options.includeRetired) conditions.push(isNull(addonPackages.deletedAt));
  const query = db
    .select()
    .from(addonPackages)
    .where(and(...conditions));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Inserts, or brings back a retired item with the same id (its old orders keep pointing at it). */
export async function upsertPackage(db: Executor, values: typeof packages.$inferInsert): Promise<PackageRow> {
  const [row] = await db
    .insert(packages)
    .values(values)
    .onConflictDoUpdate({ target: packages.id, set: { ...values, deletedAt: null }, setWhere: sql`${packages.deletedAt} is not null` })
    .returning();
  return row!;
}

export async function upsertAddon(db: Executor, values: typeof addonPackages.$inferInsert): Promise<AddonRow | undefined> {
  const [row] = await db
    .insert(addonPackages)
    .values(values)
    .onConflictDoUpdate({
      target: addonPackages.id,
      set: { ...values, deletedAt: null },
      setWhere: sql`${addonPackages.deletedAt} is not null`,
    })
    .returning();
  return row;
}

export async function updatePackageRow(
  db: Executor,
  id: string,
  change: Partial<typeof packages.$inferInsert>,
): Promise<PackageRow | undefined> {
  const [row] = await db
    .update(packages)
    .set(change)
    .where(and(eq(packages.id, id), isNull(packages.deletedAt)))
    .returning();
  return row;
}

export async function updateAddonRow(
  db: Executor,
  id: string,
  kind: AddonKind,
  change: Partial<typeof addonPackages.$inferInsert>,
): Promise<AddonRow | undefined> {
  const [row] = await db
    .update(addonPackages)
    .set(change)
    .where(and(eq(addonPackages.id, id), eq(addonPackages.kind, kind), isNull(addonPackages.deletedAt)))
    .returning();
  return row;
}

export async function retirePackage(db: Executor, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(packages)
    .set({ deletedAt: at })
    .where(and(eq(packages.id, id), isNull(packages.deletedAt)))
    .returning({ id: packages.id });
  return rows.length > 0;
}

export async function retireAddon(db: Executor, id: string, kind: AddonKind, at: Date): Promise<boolean> {
  const rows = await db
    .update(addonPackages)
    .set({ deletedAt: at })
    .where(and(eq(addonPackages.id, id), eq(addonPackages.kind, kind), isNull(addonPackages.deletedAt)))
    .returning({ id: addonPackages.id });
  return rows.length > 0;
}

const anyPackageType = sql.join(
  PACKAGE_TYPES.map((type) => sql`${type}`),
  sql`, `,
);

export interface HolderRow {
  id: number;
  username: string;
  email: string;
  ends_at: Date | string;
  renews: boolean;
  total: number;
}

/**
 * Who holds a catalogue item now (a package's running subscriptions, an add-on's running
 * activations), the first `limit` by end date, each row carrying the total. A package subscription
 * renews while its order's gateway still bills it (the billing overview's renewing and past-due).
 * A subscription keeps the type its package had when it was bought, and an administrator may change
 * a package's type since: a package's holders are its subscriptions of any type (each named, so
 * that `subscriptions_type_cover_idx` still answers by type and package).
 */
export function currentHolders(
  db: Executor,
  item: { kind: 'package' | AddonKind; id: string },
  now: Date,
  limit: number,
): Promise<HolderRow[]> {
  const query =
    item.kind === 'package'
      ? sql`select u.id, u.username, u.email, s.expires_at as ends_at,
                   coalesce((o.provider = 'payhere' or (o.provider = 'paypal' and o.gateway_subscription_id is not null))
                            and coalesce(o.gateway_subscription_status, 'active') in ('active', 'failed'), false) as renews,
                   count(*) over ()::int as total
            from packages p
            join subscriptions s on s.type in (${anyPackageType}) and s.package_id = p.id and s.expires_at > ${now}
            join users u on u.id = s.user_id
            left join orders o on o.id = s.order_id
            where p.id = ${item.id}
            order by s.expires_at, u.id
            limit ${limit}`
      : sql`select u.id, u.username, u.email, a.expires_at as ends_at, false as renews, count(*) over ()::int as total
            from activated_addons a join users u on u.id = a.user_id
            where a.addon_id = ${item.id} and a.kind = ${item.kind} and a.expires_at > ${now}
            order by a.expires_at, a.id
            limit ${limit}`;
  return queryRows<HolderRow>(db, query);
}
