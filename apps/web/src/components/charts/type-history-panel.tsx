import { useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HistoryRange, PackageType } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { typeHistoryQuery, typeMonthsQuery } from '../../lib/delivery-queries.ts';
import { LoadError } from '../load-error.tsx';
import { ChartData } from './chart-data.tsx';
import { HistoryRangeToggle, LONG_RANGE_MONTHS, rangeText, type ChartRange } from './history-range-toggle.tsx';
import { DeliveryChartBody } from './delivery-chart-body.tsx';

/** A website's name in a legend: its host and path, without the scheme, cut at 40 characters. */
function shortUrl(url: string): string {
  const bare = url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return bare.length > 40 ? `${bare.slice(0, 39)}…` : bare;
}

/** What both ranges answer: each website's hits per period (days or months), oldest first. */
interface Stacked {
  periods: string[];
  websites: { id: number; url: string; hits: number[] }[];
  updatedAt: string | null;
}

/**
 * Home: all of a package type's websites, their delivered hits per day (or per month over the
 * long range) stacked; the numbers as a table and a CSV.
 */
export function TypeHistoryPanel({ type, subject }: { type: PackageType; /** What is charted: "Normal websites". */ subject: string }) {
  const [range, setRange] = useState<ChartRange>(30);
  const title = `${subject}: hits per ${range === 'months' ? 'month' : 'day'}`;
  return (
    <Stack spacing={2} component="section" aria-label={title}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <HistoryRangeToggle value={range} onChange={setRange} />
      </Stack>
      {range === 'months' ? <MonthsView type={type} title={title} /> : <DaysView type={type} title={title} range={range} />}
    </Stack>
  );
}

function DaysView({ type, title, range }: { type: PackageType; title: string; range: HistoryRange }) {
  const query = useQuery(typeHistoryQuery(type, range));
  const data = query.data && { periods: query.data.days, websites: query.data.websites, updatedAt: query.data.updatedAt };
  return <StackedView query={query} data={data} range={range} type={type} title={title} />;
}

function MonthsView({ type, title }: { type: PackageType; title: string }) {
  const query = useQuery(typeMonthsQuery(type, LONG_RANGE_MONTHS));
  const data = query.data && { periods: query.data.months, websites: query.data.websites, updatedAt: query.data.updatedAt };
  return <StackedView query={query} data={data} range="months" type={type} title={title} />;
}

function StackedView(props: { query: UseQueryResult; data: Stacked | undefined; range: ChartRange; type: PackageType; title: string }) {
  const { query, data, title } = props;
  return (
    <Stack spacing={2} aria-busy={query.isFetching}>
      {query.isPending ? (
        <Skeleton variant="rounded" height={260} aria-label={`Loading ${title}`} />
      ) : query.isError || !data ? (
        <LoadError message={MSG.genericError} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data.websites.length === 0 ? (
        <Alert severity="info">You have no websites of this type yet.</Alert>
      ) : (
        <StackedBody {...props} data={data} />
      )}
    </Stack>
  );
}

function StackedBody({ data, range, type, title }: { data: Stacked; range: ChartRange; type: PackageType; title: string }) {
  const months = range === 'months';
  const totals = data.periods.map((_, i) => data.websites.reduce((sum, w) => sum + (w.hits[i] ?? 0), 0));
  return (
    <>
      <Typography>
        {months ? 'This month so far: ' : 'Today so far: '}
        <strong>{(totals.at(-1) ?? 0).toLocaleString('en-US')}</strong> hits across {data.websites.length}{' '}
        {data.websites.length === 1 ? 'website' : 'websites'}
      </Typography>
      <DeliveryChartBody
        delivered={totals.some((n) => n > 0)}
        updatedAt={data.updatedAt}
        period={rangeText(range)}
        chart={{
          labels: data.periods,
          labelKind: months ? 'month' : 'day',
          series: data.websites.map((w) => ({ label: shortUrl(w.url), data: w.hits, stack: 'hits' })),
          height: 300,
        }}
      />
      <ChartData
        numbers={{
          label: `${title}, ${rangeText(range).replace(/^the /, '')}`,
          header: [months ? 'Month' : 'Date', ...data.websites.map((w) => w.url), 'Total'],
          rows: data.periods.map((period, i) => [period, ...data.websites.map((w) => w.hits[i] ?? 0), totals[i] ?? 0]),
          newestFirst: true,
          fileName: `${type}-websites-hits-${data.periods[0]}-to-${data.periods.at(-1)}.csv`,
        }}
      />
    </>
  );
}
