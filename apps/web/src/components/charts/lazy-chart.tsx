import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { BarsChartProps } from './bars-chart.tsx';

const Chart = lazy(() => import('./bars-chart.tsx'));

/** The chart library loads only with a screen that draws a chart; until then, a placeholder of its size. */
export function BarsChart(props: BarsChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height ?? 260} aria-hidden />}>
      <Chart {...props} />
    </Suspense>
  );
}
