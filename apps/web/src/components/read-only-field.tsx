import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A value a form shows but does not let change, read as text: its label above it, the value in the
 * body font, a note under it when there is one. Not a greyed or read-only input, which looks
 * editable and refuses typing without saying why.
 */
export function ReadOnlyField({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Stack component="dl" spacing={0.25} sx={{ m: 0 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {note && (
        <Typography component="dd" variant="caption" sx={{ m: 0, color: 'text.secondary' }}>
          {note}
        </Typography>
      )}
    </Stack>
  );
}
