import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { HISTORY_RANGES, type HistoryRange } from '@traffic/shared/constants';

/** What a delivery chart shows: the last 7, 30 or 90 days, or the last LONG_RANGE_MONTHS calendar months. */
export type ChartRange = HistoryRange | 'months';
/** The long range, read from monthly totals once the days are rolled up (docs/deploy.md, "Retention"). */
export const LONG_RANGE_MONTHS = 24;

/** The range in words, for sentences and table captions: "the last 30 days". */
export const rangeText = (range: ChartRange) => (range === 'months' ? `the last ${LONG_RANGE_MONTHS} months` : `the last ${range} days`);

/** 7, 30 or 90 days, or 24 months. */
export function HistoryRangeToggle({ value, onChange }: { value: ChartRange; onChange: (range: ChartRange) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label="Period shown"
      onChange={(_event, next: ChartRange | null) => next && onChange(next)}
      sx={{ flexWrap: 'wrap' }}
    >
      {HISTORY_RANGES.map((days) => (
        <ToggleButton key={days} value={days} aria-label={`Last ${days} days`}>
          {days} days
        </ToggleButton>
      ))}
      <ToggleButton value="months" aria-label={`Last ${LONG_RANGE_MONTHS} months`}>
        {LONG_RANGE_MONTHS} months
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
