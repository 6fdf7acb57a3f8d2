import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { MSG } from '@traffic/shared/messages';
import type { BusinessStats } from '@traffic/shared/schemas/delivery.schema';
import { ChartData, type ChartNumbers } from '../../../components/charts/chart-data.tsx';
import { BarsChart } from '../../../components/charts/lazy-chart.tsx';
import type { BarsChartProps } from '../../../components/charts/bars-chart.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { useBusinessStatsQuery } from '../api/get-business-stats.ts';
import { Figure } from '../components/figure.tsx';
import { SectionCard } from '../components/section-card.tsx';
import { formatCount } from '../format.ts';

const money = (value: number, currency: string) =>
  `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;

/** One chart of the business with its numbers (table and CSV) under it. */
function ChartSection({
  title,
  subtitle,
  chart,
  numbers,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  chart: BarsChartProps;
  numbers: ChartNumbers;
  children?: ReactNode;
}) {
  return (
    <SectionCard title={title} subtitle={subtitle}>
      <Stack spacing={2} sx={{ px: 2.5, pb: 2.5 }}>
        {children}
        <BarsChart {...chart} />
        <ChartData numbers={numbers} />
      </Stack>
    </SectionCard>
  );
}

function Charts({ stats }: { stats: BusinessStats }) {
  const c = stats.currency;
  const revenueRows = (rows: { payhere: number; paypal: number; refunds: number; net: number }[], key: (i: number) => string) =>
    rows.map((r, i) => [key(i), r.payhere.toFixed(2), r.paypal.toFixed(2), r.refunds.toFixed(2), r.net.toFixed(2)]);
  const revenueHeader = ['', `PayHere (${c})`, `PayPal (${c})`, `Refunds and charge-backs (${c})`, `Net (${c})`];
  const revenueSeries = (rows: { payhere: number; paypal: number; refunds: number }[]) => [
    { label: 'PayHere', data: rows.map((r) => r.payhere), stack: 'in' },
    { label: 'PayPal', data: rows.map((r) => r.paypal), stack: 'in' },
    { label: 'Refunds and charge-backs', data: rows.map((r) => r.refunds) },
  ];
  const month = stats.revenueMonths.at(-1);
  const net90 = stats.revenueDays.reduce((sum, r) => sum + Math.round(r.net * 100), 0) / 100;
  const active = stats.subscriptions.reduce((sum, s) => sum + s.active, 0);
  const { points } = stats;

  return (
    <Stack spacing={3}>
      <SectionCard title="The business at a glance">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4} sx={{ px: 2.5, pb: 2.5, flexWrap: 'wrap' }} useFlexGap>
          <Figure label="Net revenue this month" value={money(month?.net ?? 0, c)} />
          <Figure label="Net revenue, last 90 days" value={money(net90, c)} />
          <Figure label="Active subscriptions" value={formatCount(active)} />
          <Figure
            label="9Hits points left"
            value={points.balance === null ? 'Not read yet' : formatCount(points.balance)}
            detail={
              points.daysLeft !== null && points.spendPerDay !== null
                ? `About ${formatCount(points.daysLeft)} days at ${formatCount(points.spendPerDay)} a day`
                : 'The spend rate needs two days of readings'
            }
          />
        </Stack>
      </SectionCard>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartSection
            title="Revenue per day"
            subtitle={`Last 90 days, ${c}; refunds and charge-backs on the day they happened`}
            chart={{ labels: stats.revenueDays.map((r) => r.day), series: revenueSeries(stats.revenueDays), currency: c }}
            numbers={{
              label: 'Revenue per day',
              header: ['Date', ...revenueHeader.slice(1)],
              rows: revenueRows(stats.revenueDays, (i) => stats.revenueDays[i]!.day),
              fileName: 'revenue-per-day.csv',
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartSection
            title="Revenue per month"
            subtitle={`Last 12 months, ${c}`}
            chart={{
              labels: stats.revenueMonths.map((r) => r.month),
              labelKind: 'month',
              series: revenueSeries(stats.revenueMonths),
              currency: c,
            }}
            numbers={{
              label: 'Revenue per month',
              header: ['Month', ...revenueHeader.slice(1)],
              rows: revenueRows(stats.revenueMonths, (i) => stats.revenueMonths[i]!.month),
              fileName: 'revenue-per-month.csv',
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartSection
            title="Active subscriptions per package"
            subtitle="Running now"
            chart={{
              labels: stats.subscriptions.map((s) => `${s.packageName} (${s.type === 'seo' ? 'SEO' : 'Normal'})`),
              labelKind: 'text',
              series: [{ label: 'Active subscriptions', data: stats.subscriptions.map((s) => s.active) }],
            }}
            numbers={{
              label: 'Active subscriptions per package',
              header: ['Package', 'Type', 'Active subscriptions'],
              rows: stats.subscriptions.map((s) => [s.packageName, s.type === 'seo' ? 'SEO' : 'Normal', s.active]),
              fileName: 'active-subscriptions.csv',
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartSection
            title="New customers per week"
            subtitle="Last 12 weeks, from Monday"
            chart={{
              labels: stats.newCustomers.map((r) => r.week),
              labelKind: 'week',
              series: [{ label: 'New customers', data: stats.newCustomers.map((r) => r.customers) }],
            }}
            numbers={{
              label: 'New customers per week',
              header: ['Week of', 'New customers'],
              rows: stats.newCustomers.map((r) => [r.week, r.customers]),
              fileName: 'new-customers-per-week.csv',
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartSection
            title="Renewals and cancellations per month"
            subtitle="Renewals charged; automatic renewals stopped (cancelled, changed package, refunded or deactivated)"
            chart={{
              labels: stats.churn.map((r) => r.month),
              labelKind: 'month',
              series: [
                { label: 'Renewals', data: stats.churn.map((r) => r.renewals) },
                { label: 'Cancellations', data: stats.churn.map((r) => r.cancellations) },
              ],
            }}
            numbers={{
              label: 'Renewals and cancellations per month',
              header: ['Month', 'Renewals', 'Cancellations'],
              rows: stats.churn.map((r) => [r.month, r.renewals, r.cancellations]),
              fileName: 'renewals-and-cancellations.csv',
            }}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartSection
            title="Hits delivered per day"
            subtitle="All customers, last 90 days (UTC days)"
            chart={{
              labels: stats.hitsDays.map((r) => r.day),
              series: [
                { label: 'Normal', data: stats.hitsDays.map((r) => r.normal), stack: 'hits' },
                { label: 'SEO', data: stats.hitsDays.map((r) => r.seo), stack: 'hits' },
              ],
            }}
            numbers={{
              label: 'Hits delivered per day',
              header: ['Date', 'Normal', 'SEO', 'Total'],
              rows: stats.hitsDays.map((r) => [r.day, r.normal, r.seo, r.normal + r.seo]),
              fileName: 'hits-delivered-per-day.csv',
            }}
          />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <ChartSection
            title="9Hits points balance"
            subtitle="Read after each delivery collection; the last reading of each day"
            chart={{ labels: points.days.map((r) => r.day), series: [{ label: 'Points', data: points.days.map((r) => r.points) }] }}
            numbers={{
              label: '9Hits points balance per day',
              header: ['Date', 'Points'],
              rows: points.days.map((r) => [r.day, r.points]),
              fileName: 'ninehits-points.csv',
            }}
          />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** The admin dashboard's picture of the business: every chart from one call, each with its numbers. */
export function BusinessCharts() {
  const stats = useBusinessStatsQuery();
  if (stats.isPending) return <Skeleton variant="rounded" height={320} aria-label="Loading the business charts" />;
  if (stats.isError) return <LoadError message={MSG.genericError} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />;
  return <Charts stats={stats.data} />;
}
