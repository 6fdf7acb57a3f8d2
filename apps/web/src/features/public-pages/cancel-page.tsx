import { useEffect, useRef } from 'react';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import HomeIcon from '@mui/icons-material/Home';
import RemoveShoppingCartIcon from '@mui/icons-material/RemoveShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../shell/paths.ts';
import { notify } from '../../shell/toast.ts';
import backgroundUrl from './assets/cancel-background.svg';

/** Where the payment provider sends the browser when the customer cancels checkout. */
export default function CancelPage() {
  // StrictMode runs effects twice in development; the ref keeps it to one toast per visit.
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    notify.error(MSG.purchaseCancelled);
  }, []);

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        px: 2,
        py: 6,
        backgroundColor: 'background.default',
        backgroundImage: `url("${backgroundUrl}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 520,
          p: { xs: 3, sm: 5 },
          textAlign: 'center',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'rgba(17, 26, 46, 0.72)',
          backdropFilter: 'blur(12px)',
        }}
      >
        <Stack spacing={2.5} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 64,
              height: 64,
              borderRadius: '50%',
              color: 'error.light',
              bgcolor: 'rgba(248, 113, 113, 0.12)',
              '& svg': { fontSize: 32 },
            }}
          >
            <RemoveShoppingCartIcon />
          </Box>
          <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
            Checkout was not completed
          </Typography>
          <Typography color="text.secondary">
            The payment was cancelled, so nothing was charged for this order. You can choose a plan again whenever you are ready.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}>
            <Button variant="contained" size="large" component={RouterLink} to={paths.home()} startIcon={<HomeIcon />}>
              Go to Home
            </Button>
            <Button variant="outlined" size="large" component={RouterLink} to={paths.pricing()} endIcon={<ArrowForwardIcon />}>
              View pricing
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}
