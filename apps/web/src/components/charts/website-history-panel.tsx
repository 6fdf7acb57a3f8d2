import { useState, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HistoryRange } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import type { WebsiteHistory, WebsiteMonths } from '@traffic/shared/schemas/delivery.schema';
import { websiteHistoryQuery, websiteMonthsQuery } from '../../lib/delivery-queries.ts';
import { LoadError } from '../load-error.tsx';
import { ChartData } from './chart-data.tsx';
import { HistoryRangeToggle, LONG_RANGE_MONTHS, rangeText, type ChartRange } from './history-range-toggle.tsx';
import { DeliveryChartBody } from './delivery-chart-body.tsx';
import { readAtText } from './day-format.ts';

/**
 * One website's delivered hits per day against its daily limit, the last 7, 30 or 90 days, today
 * so far, or per month over the last 24 months; its numbers as a table and a CSV. Days and months
 * are UTC ones, as the collection stores them.
 */
export function WebsiteHistoryPanel({ websiteId, initialRange = 30 }: { websiteId: number; initialRange?: HistoryRange }) {
  const [range, setRange] = useState<ChartRange>(initialRange);
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h3">
          {range === 'months' ? 'Delivered hits per month' : 'Delivered hits per day'}
        </Typography>
        <HistoryRangeToggle value={range} onChange={setRange} />
      </Stack>
      {range === 'months' ? <MonthsView websiteId={websiteId} /> : <DaysView websiteId={websiteId} range={range} />}
    </Stack>
  );
}

function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  return (
    <Stack spacing={2} aria-busy={query.isFetching}>
      {query.isPending ? (
        <Skeleton variant="rounded" height={260} aria-label="Loading the delivery history" />
      ) : query.isError ? (
        <LoadError message={MSG.genericError} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        children(query.data)
      )}
    </Stack>
  );
}

function DaysView({ websiteId, range }: { websiteId: number; range: HistoryRange }) {
  return <Loaded query={useQuery(websiteHistoryQuery(websiteId, range))}>{(data) => <DaysBody data={data} range={range} />}</Loaded>;
}

function MonthsView({ websiteId }: { websiteId: number }) {
  return <Loaded query={useQuery(websiteMonthsQuery(websiteId, LONG_RANGE_MONTHS))}>{(data) => <MonthsBody data={data} />}</Loaded>;
}

function DaysBody({ data, range }: { data: WebsiteHistory; range: HistoryRange }) {
  const today = data.days.at(-1);
  return (
    <>
      <Typography role="status" aria-live="polite">
        Today so far: <strong>{(today?.hits ?? 0).toLocaleString('en-US')}</strong> of {data.dailyHitLimit.toLocaleString('en-US')} hits a
        day{data.updatedAt ? `, as collected from 9Hits at ${readAtText(data.updatedAt)}` : ''}
      </Typography>
      <DeliveryChartBody
        delivered={data.days.some((d) => d.hits > 0)}
        updatedAt={data.updatedAt}
        readAtSaid
        period={rangeText(range)}
        chart={{
          labels: data.days.map((d) => d.day),
          series: [{ label: 'Delivered hits', data: data.days.map((d) => d.hits) }],
          limit: { value: data.dailyHitLimit, label: 'Daily limit' },
        }}
      />
      <ChartData
        numbers={{
          label: `Delivered hits per day, last ${range} days`,
          header: ['Date', 'Delivered hits', 'Daily limit'],
          rows: data.days.map((d) => [d.day, d.hits, data.dailyHitLimit]),
          newestFirst: true,
          fileName: `website-${data.websiteId}-hits-${data.days[0]?.day}-to-${today?.day}.csv`,
        }}
      />
    </>
  );
}

function MonthsBody({ data }: { data: WebsiteMonths }) {
  const current = data.months.at(-1);
  return (
    <>
      <Typography role="status" aria-live="polite">
        This month so far: <strong>{(current?.hits ?? 0).toLocaleString('en-US')}</strong> hits
      </Typography>
      <DeliveryChartBody
        delivered={data.months.some((m) => m.hits > 0)}
        updatedAt={data.updatedAt}
        period={rangeText('months')}
        chart={{
          labels: data.months.map((m) => m.month),
          labelKind: 'month',
          series: [{ label: 'Delivered hits', data: data.months.map((m) => m.hits) }],
        }}
      />
      <ChartData
        numbers={{
          label: `Delivered hits per month, last ${LONG_RANGE_MONTHS} months`,
          header: ['Month', 'Delivered hits'],
          rows: data.months.map((m) => [m.month, m.hits]),
          newestFirst: true,
          fileName: `website-${data.websiteId}-hits-${data.months[0]?.month}-to-${current?.month}.csv`,
        }}
      />
    </>
  );
}
