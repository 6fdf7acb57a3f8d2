import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { readAtText } from './day-format.ts';
import { BarsChart } from './lazy-chart.tsx';
import type { BarsChartProps } from './bars-chart.tsx';

/**
 * A delivery chart, or the one true sentence when there is nothing to draw (nothing delivered in
 * the range, or no reading yet), then when the history was last read (once: unless the panel said it).
 */
export function DeliveryChartBody({
  delivered,
  updatedAt,
  period,
  chart,
  readAtSaid = false,
}: {
  delivered: boolean;
  updatedAt: string | null;
  /** The range in words ("the last 30 days"). */
  period: string;
  chart: BarsChartProps;
  /** The panel already says when the history was read (beside its figure): the time is not repeated. */
  readAtSaid?: boolean;
}) {
  const months = chart.labelKind === 'month';
  return (
    <>
      {delivered ? (
        <BarsChart {...chart} />
      ) : (
        <Alert severity="info">
          {updatedAt
            ? `No hits were delivered in ${period}.`
            : 'No delivery has been recorded yet: the history is read from 9Hits regularly, and the first hits appear here after the next reading.'}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {updatedAt && !readAtSaid ? `Updated ${readAtText(updatedAt)}. ` : ''}
        {months ? 'Months are UTC calendar months.' : 'Days are UTC days.'}
      </Typography>
    </>
  );
}
