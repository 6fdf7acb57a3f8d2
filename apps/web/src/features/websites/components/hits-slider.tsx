import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { HitSliderBounds } from '../hit-slider-bounds.ts';

interface HitsSliderProps {
  value: number;
  onChange: (value: number) => void;
  bounds: HitSliderBounds;
  disabled?: boolean;
  error?: string;
}

const hits = (n: number) => `${n.toLocaleString('en-US')} Hits`;

/** 'Hits Per Day': docs/product.md section 5's bounds; the chosen number is always in view. */
export function HitsSlider({ value, onChange, bounds, disabled = false, error }: HitsSliderProps) {
  // A single possible value: nothing to slide, and MUI needs min < max to draw the track.
  const single = bounds.max <= bounds.min;
  const off = disabled || bounds.disabled || single;
  const min = single ? 0 : bounds.min;
  const marks = single
    ? [{ value: bounds.max, label: bounds.max.toLocaleString('en-US') }]
    : [
        { value: bounds.min, label: bounds.min.toLocaleString('en-US') },
        { value: bounds.max, label: bounds.max.toLocaleString('en-US') },
      ];
  return (
    <FormControl fullWidth error={Boolean(error)} disabled={off}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <FormLabel id="hits-per-day-label">Hits Per Day</FormLabel>
        <Typography aria-live="polite" sx={{ fontWeight: 600 }} data-testid="hits-per-day-value">
          {hits(value)}
        </Typography>
      </Stack>
      <Slider
        value={value}
        onChange={(_event, next) => onChange(Array.isArray(next) ? (next[0] ?? value) : next)}
        min={min}
        max={Math.max(bounds.max, min + 1)}
        step={bounds.step}
        disabled={off}
        valueLabelDisplay="auto"
        getAriaValueText={hits}
        aria-labelledby="hits-per-day-label"
        marks={marks}
        sx={{ mx: 1, width: 'auto' }}
      />
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
