import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HistoryRange } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import type { WebsiteHistory } from '@traffic/shared/schemas/delivery.schema';
import { websiteHistoryQuery } from '../../lib/delivery-queries.ts';
import { LoadError } from '../load-error.tsx';
import { ChartData } from './chart-data.tsx';
import { HistoryRangeToggle } from './history-range-toggle.tsx';
import { DeliveryChartBody } from './delivery-chart-body.tsx';

/**
 * One website's delivered hits per day against its daily limit, the last 7, 30 or 90 days, today
 * so far; its numbers as a table and a CSV. The days are UTC days as the collection stores them.
 */
export function WebsiteHistoryPanel({ websiteId, initialRange = 30 }: { websiteId: number; initialRange?: HistoryRange }) {
  const [range, setRange] = useState<HistoryRange>(initialRange);
  const history = useQuery(websiteHistoryQuery(websiteId, range));
  return (
    <Stack spacing={2} aria-busy={history.isFetching}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle1" component="h3">
          Delivered hits per day
        </Typography>
        <HistoryRangeToggle value={range} onChange={setRange} />
      </Stack>
      {history.isPending ? (
        <Skeleton variant="rounded" height={260} aria-label="Loading the delivery history" />
      ) : history.isError ? (
        <LoadError message={MSG.genericError} onRetry={() => void history.refetch()} retrying={history.isFetching} />
      ) : (
        <WebsiteHistoryBody data={history.data} range={range} />
      )}
    </Stack>
  );
}

function WebsiteHistoryBody({ data, range }: { data: WebsiteHistory; range: HistoryRange }) {
  const today = data.days.at(-1);
  const delivered = data.days.some((d) => d.hits > 0);
  return (
    <>
      <Typography role="status" aria-live="polite">
        Today so far: <strong>{(today?.hits ?? 0).toLocaleString('en-US')}</strong> of {data.dailyHitLimit.toLocaleString('en-US')} hits a
        day
      </Typography>
      <DeliveryChartBody
        delivered={delivered}
        updatedAt={data.updatedAt}
        range={range}
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
          fileName: `website-${data.websiteId}-hits-${data.days[0]?.day}-to-${today?.day}.csv`,
        }}
      />
    </>
  );
}
