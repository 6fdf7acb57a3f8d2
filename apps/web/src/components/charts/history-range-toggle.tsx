import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { HISTORY_RANGES, type HistoryRange } from '@traffic/shared/constants';

/** 7, 30 or 90 days. */
export function HistoryRangeToggle({ value, onChange }: { value: HistoryRange; onChange: (range: HistoryRange) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label="Days shown"
      onChange={(_event, next: HistoryRange | null) => next && onChange(next)}
    >
      {HISTORY_RANGES.map((days) => (
        <ToggleButton key={days} value={days} aria-label={`Last ${days} days`}>
          {days} days
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
