import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A monthly price as every pricing card shows it: the amount large, '/ month' beside it, never split over two lines. */
export function PriceTag({ price }: { price: string }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline', my: 2 }}>
      <Typography variant="h4" component="p" sx={{ fontWeight: 800, letterSpacing: -0.5, whiteSpace: 'nowrap' }}>
        ${price}
        <Typography component="span" color="text.secondary" sx={{ ml: 0.75, fontSize: '1rem', fontWeight: 400, letterSpacing: 0 }}>
          / month
        </Typography>
      </Typography>
    </Stack>
  );
}
