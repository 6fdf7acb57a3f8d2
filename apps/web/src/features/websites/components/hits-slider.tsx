import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { HitSliderBounds } from '../hit-slider-bounds.ts';

interface HitsSliderProps {
  value: number;
  onChange: (value: number) => void;
  bounds: HitSliderBounds;
  disabled?: boolean;
  error?: string;
}

const hits = (n: number) => `${n.toLocaleString('en-US')} Hits`;

/** The nearest value the slider allows: within the bounds, on a step from the minimum. */
function snap(n: number, min: number, bounds: HitSliderBounds): number {
  const within = Math.min(bounds.max, Math.max(min, n));
  const stepped = min + Math.round((within - min) / bounds.step) * bounds.step;
  return stepped > bounds.max ? stepped - bounds.step : stepped;
}

/**
 * 'Hits Per Day': docs/product.md section 5's bounds; the chosen number is always in view, and a
 * number field beside the slider takes an exact figure (snapped to the slider's steps on leaving it).
 * The end labels sit inside the track's width, so the maximum never runs past a phone's card.
 */
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
  // What is being typed, until it leaves the field (null: the field shows the slider's value).
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null) return;
    const n = Number(typed);
    const next = typed.trim() === '' || !Number.isFinite(n) ? value : snap(n, min, bounds);
    setTyped(null);
    if (next !== value) onChange(next);
  };
  return (
    <FormControl fullWidth error={Boolean(error)} disabled={off}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <FormLabel id="hits-per-day-label">Hits Per Day</FormLabel>
        <Typography aria-live="polite" sx={{ fontWeight: 600 }} data-testid="hits-per-day-value">
          {hits(value)}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
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
          sx={{
            mx: 1,
            flex: 1,
            minWidth: 0,
            // The first label starts at the track's start and the last ends at its end (not centred on them).
            '& .MuiSlider-markLabel[data-index="0"]': { transform: single ? 'translateX(-100%)' : 'none' },
            '& .MuiSlider-markLabel[data-index="1"]': { transform: 'translateX(-100%)' },
          }}
        />
        <TextField
          type="number"
          size="small"
          label="Hits"
          value={typed ?? String(value)}
          disabled={off}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
          slotProps={{
            htmlInput: { min, max: bounds.max, step: bounds.step, inputMode: 'numeric', 'aria-label': 'Hits per day, as a number' },
          }}
          sx={{ width: 112, flexShrink: 0 }}
        />
      </Stack>
      {error && <FormHelperText>{error}</FormHelperText>}
    </FormControl>
  );
}
