import type { BusinessStats } from '@traffic/shared/schemas/delivery.schema';
import type { AppContext } from '../../core/context.ts';
import * as business from './business.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS = 90;
const MONTHS = 12;
const WEEKS = 12;
/** The spend rate is the average fall of the points balance per day over this many days. */
const SPEND_WINDOW_DAYS = 7;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const cents = (value: string | number) => Math.round(Number(value) * 100);

/** Every UTC day from `from` to today, every month of the last 12, every week (Monday) of the last 12. */
function days(now: Date): string[] {
  return Array.from({ length: DAYS }, (_, i) => utcDay(new Date(now.getTime() - (DAYS - 1 - i) * DAY_MS)));
}
function months(now: Date): string[] {
  return Array.from({ length: MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (MONTHS - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}
function mondayOf(at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}
function weeks(now: Date): string[] {
  const monday = mondayOf(now);
  return Array.from({ length: WEEKS }, (_, i) => utcDay(new Date(monday.getTime() - (WEEKS - 1 - i) * 7 * DAY_MS)));
}

interface DayFigures {
  payhere: number;
  paypal: number;
  refunds: number;
  renewals: number;
  cancellations: number;
}
const NOTHING: DayFigures = { payhere: 0, paypal: 0, refunds: 0, renewals: 0, cancellations: 0 };

/** Money in cents, so that sums of many days do not drift. */
const figures = (d: business.MoneyDay): DayFigures => ({
  payhere: cents(d.payhere),
  paypal: cents(d.paypal),
  refunds: cents(d.refunds),
  renewals: Number(d.renewals),
  cancellations: Number(d.cancellations),
});
const add = (a: DayFigures, b: DayFigures): DayFigures => ({
  payhere: a.payhere + b.payhere,
  paypal: a.paypal + b.paypal,
  refunds: a.refunds + b.refunds,
  renewals: a.renewals + b.renewals,
  cancellations: a.cancellations + b.cancellations,
});
const money = (f: DayFigures) => ({
  payhere: f.payhere / 100,
  paypal: f.paypal / 100,
  refunds: f.refunds / 100,
  net: (f.payhere + f.paypal - f.refunds) / 100,
});

/**
 * Money and churn per day from `from` to today: closed days from business_days (summing and storing
 * the ones not stored yet, once), the last two days live, since a payment committed just after
 * midnight may still carry yesterday's time.
 */
async function moneyDays(ctx: AppContext, from: string, now: Date): Promise<Map<string, DayFigures>> {
  const today = utcDay(now);
  const liveFrom = utcDay(new Date(now.getTime() - DAY_MS));
  const tomorrow = utcDay(new Date(now.getTime() + DAY_MS));
  const missing = await business.unstoredDays(ctx.db, from, liveFrom);
  if (missing.length) {
    const summed = new Map(
      (await business.moneyPerDay(ctx.db, missing[0]!, utcDay(new Date(Date.parse(missing.at(-1)!) + DAY_MS)))).map((d) => [d.day, d]),
    );
    await business.storeDays(
      ctx.db,
      missing.map((day) => summed.get(day) ?? { day, payhere: '0', paypal: '0', refunds: '0', renewals: 0, cancellations: 0 }),
    );
  }
  const [stored, live] = await Promise.all([business.storedDays(ctx.db, from), business.moneyPerDay(ctx.db, liveFrom, tomorrow)]);
  const days = new Map<string, DayFigures>();
  for (const d of [...stored, ...live]) if (d.day <= today) days.set(d.day, figures(d));
  return days;
}

/**
 * The spend rate: the average daily fall of the balance over the last readings (a top-up, a rise,
 * counts as no spend that day), and the days the balance lasts at that rate.
 */
export function spendRate(readings: { day: string; points: number }[]): { spendPerDay: number | null; daysLeft: number | null } {
  const recent = readings.slice(-(SPEND_WINDOW_DAYS + 1));
  if (recent.length < 2) return { spendPerDay: null, daysLeft: null };
  let spent = 0;
  for (let i = 1; i < recent.length; i++) spent += Math.max(recent[i - 1]!.points - recent[i]!.points, 0);
  const span = (Date.parse(recent.at(-1)!.day) - Date.parse(recent[0]!.day)) / DAY_MS;
  const spendPerDay = span > 0 ? Math.round(spent / span) : null;
  const balance = recent.at(-1)!.points;
  return { spendPerDay, daysLeft: spendPerDay ? Math.floor(balance / spendPerDay) : null };
}

/** GET /api/admin/business: every chart of the admin dashboard, from the database only. */
export async function businessStats(ctx: AppContext): Promise<BusinessStats> {
  const now = ctx.now();
  const dayList = days(now);
  const monthList = months(now);
  const weekList = weeks(now);
  const from = [`${monthList[0]}-01`, dayList[0]!].sort()[0]!;
  const [byDay, subscriptions, newCustomers, hits, points] = await Promise.all([
    moneyDays(ctx, from, now),
    business.activeSubscriptions(ctx.db, now),
    business.newCustomersPerWeek(ctx.db, new Date(`${weekList[0]}T00:00:00Z`)),
    business.hitsPerDay(ctx.db, dayList[0]!),
    business.pointsPerDay(ctx.db, dayList[0]!),
  ]);
  const byMonth = new Map<string, DayFigures>();
  for (const [day, f] of byDay) byMonth.set(day.slice(0, 7), add(byMonth.get(day.slice(0, 7)) ?? NOTHING, f));
  const customersBy = new Map(newCustomers.map((r) => [r.week, Number(r.customers)]));
  const hitsBy = new Map<string, { normal: number; seo: number }>();
  for (const row of hits) {
    const day = hitsBy.get(row.day) ?? { normal: 0, seo: 0 };
    if (row.type === 'normal' || row.type === 'seo') day[row.type] += Number(row.hits);
    hitsBy.set(row.day, day);
  }
  const readings = points.map((p) => ({ day: p.day, points: Number(p.points) }));
  const last = points.at(-1);
  return {
    currency: 'USD',
    revenueDays: dayList.map((day) => ({ day, ...money(byDay.get(day) ?? NOTHING) })),
    revenueMonths: monthList.map((month) => ({ month, ...money(byMonth.get(month) ?? NOTHING) })),
    subscriptions: subscriptions.map((s) => ({
      type: s.type === 'seo' ? 'seo' : 'normal',
      packageId: s.package_id,
      packageName: s.package_name,
      active: Number(s.active),
    })),
    newCustomers: weekList.map((week) => ({ week, customers: customersBy.get(week) ?? 0 })),
    churn: monthList.map((month) => ({
      month,
      renewals: byMonth.get(month)?.renewals ?? 0,
      cancellations: byMonth.get(month)?.cancellations ?? 0,
    })),
    hitsDays: dayList.map((day) => ({ day, ...(hitsBy.get(day) ?? { normal: 0, seo: 0 }) })),
    points: {
      balance: last ? Number(last.points) : null,
      readAt: last ? new Date(last.read_at).toISOString() : null,
      ...spendRate(readings),
      days: readings,
    },
  };
}
