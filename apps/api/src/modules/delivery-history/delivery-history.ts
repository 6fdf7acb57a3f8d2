import type { PackageType } from '@traffic/shared';
import type { TypeHistory, TypeMonths, WebsiteHistory, WebsiteMonths } from '@traffic/shared/schemas/delivery.schema';
import type { AppContext } from '../../core/context.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { websiteFor } from '../websites/index.ts';
import {
  firstWebsiteAddedAt,
  lastReadAt,
  lastReadAtForType,
  typeDays,
  typeMonths as typeMonthRows,
  websiteDays,
  websiteMonths as websiteMonthRows,
  websitesOfType,
} from './delivery-history.repository.ts';
import { utcDay } from './collect-delivery.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The `count` UTC days ending today, oldest first. */
export function dayRange(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => utcDay(new Date(now.getTime() - (count - 1 - i) * DAY_MS)));
}

/**
 * The periods of a range from the one holding `since` on (a chart starts on the day its website was
 * added, not with days of "0 delivered" before it existed); the last period (today, this month) at least.
 */
export function startingAt(range: string[], since: Date | undefined, period: 'day' | 'month'): string[] {
  if (!since) return range;
  const first = period === 'day' ? utcDay(since) : utcDay(since).slice(0, 7);
  const kept = range.filter((p) => p >= first);
  return kept.length ? kept : range.slice(-1);
}

/** GET /api/website/:id/history: the owner's (or an admin's) view of one website's days, from the day it was added. */
export async function websiteHistory(ctx: AppContext, actor: AuthUser, id: number, days: number): Promise<WebsiteHistory> {
  const website = await websiteFor(ctx.db, actor, id);
  const range = startingAt(dayRange(ctx.now(), days), website.createdAt, 'day');
  const [rows, readAt] = await Promise.all([websiteDays(ctx.db, website.id, range[0]!), lastReadAt(ctx.db, website.id)]);
  const byDay = new Map(rows.map((r) => [r.day, Number(r.hits)]));
  return {
    websiteId: website.id,
    url: website.url,
    dailyHitLimit: website.dailyHitLimit,
    days: range.map((day) => ({ day, hits: byDay.get(day) ?? 0 })),
    updatedAt: readAt?.toISOString() ?? null,
  };
}

/**
 * Per website of the customer's type, its hits in each period of `periods` (days or months), zero
 * where nothing was delivered: Home's stacked chart, whatever the range.
 */
async function stackedByWebsite(
  ctx: AppContext,
  actor: AuthUser,
  type: PackageType,
  periods: string[],
  read: Promise<{ website_id: number; period: string; hits: number }[]>,
) {
  const index = new Map(periods.map((period, i) => [period, i]));
  const [rows, readAt, websites] = await Promise.all([
    read,
    lastReadAtForType(ctx.db, actor.id, type),
    websitesOfType(ctx.db, actor.id, type),
  ]);
  const series = new Map(websites.map((w) => [w.id, { ...w, hits: periods.map(() => 0) }]));
  for (const row of rows) {
    const i = index.get(row.period);
    const site = series.get(Number(row.website_id));
    if (site && i !== undefined) site.hits[i] = Number(row.hits);
  }
  return { websites: [...series.values()], updatedAt: readAt?.toISOString() ?? null };
}

/** GET /api/delivery/:type: the signed-in customer's own websites of a type (Home's stacked chart), from the day the first was added. */
export async function typeHistory(ctx: AppContext, actor: AuthUser, type: PackageType, days: number): Promise<TypeHistory> {
  const range = startingAt(dayRange(ctx.now(), days), await firstWebsiteAddedAt(ctx.db, actor.id, type), 'day');
  const rows = typeDays(ctx.db, actor.id, type, range[0]!).then((r) => r.map((row) => ({ ...row, period: row.day })));
  return { type, days: range, ...(await stackedByWebsite(ctx, actor, type, range, rows)) };
}

/** The `count` calendar months (UTC, `YYYY-MM`) ending with this one, oldest first. */
export function monthRange(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - i), 1)).toISOString().slice(0, 7),
  );
}

/** GET /api/website/:id/history/months: the owner's (or an admin's) view of one website's months. */
export async function websiteMonths(ctx: AppContext, actor: AuthUser, id: number, months: number): Promise<WebsiteMonths> {
  const website = await websiteFor(ctx.db, actor, id);
  const range = startingAt(monthRange(ctx.now(), months), website.createdAt, 'month');
  const [rows, readAt] = await Promise.all([websiteMonthRows(ctx.db, website.id, `${range[0]}-01`), lastReadAt(ctx.db, website.id)]);
  const byMonth = new Map(rows.map((r) => [r.month, Number(r.hits)]));
  return {
    websiteId: website.id,
    url: website.url,
    dailyHitLimit: website.dailyHitLimit,
    months: range.map((month) => ({ month, hits: byMonth.get(month) ?? 0 })),
    updatedAt: readAt?.toISOString() ?? null,
  };
}

/** GET /api/delivery/:type/months: the signed-in customer's own websites of a type, per month (Home's long range). */
export async function typeMonths(ctx: AppContext, actor: AuthUser, type: PackageType, months: number): Promise<TypeMonths> {
  const range = startingAt(monthRange(ctx.now(), months), await firstWebsiteAddedAt(ctx.db, actor.id, type), 'month');
  const rows = typeMonthRows(ctx.db, actor.id, type, `${range[0]}-01`).then((r) => r.map((row) => ({ ...row, period: row.month })));
  return { type, months: range, ...(await stackedByWebsite(ctx, actor, type, range, rows)) };
}
