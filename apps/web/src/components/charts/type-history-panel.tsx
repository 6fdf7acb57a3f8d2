import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HistoryRange, PackageType } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import type { TypeHistory } from '@traffic/shared/schemas/delivery.schema';
import { typeHistoryQuery } from '../../lib/delivery-queries.ts';
import { LoadError } from '../load-error.tsx';
import { ChartData } from './chart-data.tsx';
import { HistoryRangeToggle } from './history-range-toggle.tsx';
import { DeliveryChartBody } from './delivery-chart-body.tsx';

/** A website's name in a legend: its host and path, without the scheme, cut at 40 characters. */
function shortUrl(url: string): string {
  const bare = url.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return bare.length > 40 ? `${bare.slice(0, 39)}…` : bare;
}

/** Home: all of a package type's websites, their delivered hits per day stacked; the numbers as a table and a CSV. */
export function TypeHistoryPanel({ type, title }: { type: PackageType; title: string }) {
  const [range, setRange] = useState<HistoryRange>(30);
  const history = useQuery(typeHistoryQuery(type, range));
  return (
    <Stack spacing={2} component="section" aria-label={title} aria-busy={history.isFetching}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <HistoryRangeToggle value={range} onChange={setRange} />
      </Stack>
      {history.isPending ? (
        <Skeleton variant="rounded" height={260} aria-label={`Loading ${title}`} />
      ) : history.isError ? (
        <LoadError message={MSG.genericError} onRetry={() => void history.refetch()} retrying={history.isFetching} />
      ) : history.data.websites.length === 0 ? (
        <Alert severity="info">You have no websites of this type yet.</Alert>
      ) : (
        <TypeHistoryBody data={history.data} range={range} type={type} title={title} />
      )}
    </Stack>
  );
}

function TypeHistoryBody({ data, range, type, title }: { data: TypeHistory; range: HistoryRange; type: PackageType; title: string }) {
  const totals = data.days.map((_, i) => data.websites.reduce((sum, w) => sum + (w.hits[i] ?? 0), 0));
  const delivered = totals.some((n) => n > 0);
  return (
    <>
      <Typography>
        Today so far: <strong>{(totals.at(-1) ?? 0).toLocaleString('en-US')}</strong> hits across {data.websites.length}{' '}
        {data.websites.length === 1 ? 'website' : 'websites'}
      </Typography>
      <DeliveryChartBody
        delivered={delivered}
        updatedAt={data.updatedAt}
        range={range}
        chart={{
          labels: data.days,
          series: data.websites.map((w) => ({ label: shortUrl(w.url), data: w.hits, stack: 'hits' })),
          height: 300,
        }}
      />
      <ChartData
        numbers={{
          label: `${title}, last ${range} days`,
          header: ['Date', ...data.websites.map((w) => w.url), 'Total'],
          rows: data.days.map((day, i) => [day, ...data.websites.map((w) => w.hits[i] ?? 0), totals[i] ?? 0]),
          fileName: `${type}-websites-hits-${data.days[0]}-to-${data.days.at(-1)}.csv`,
        }}
      />
    </>
  );
}
