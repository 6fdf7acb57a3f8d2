import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { CURRENCY } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../app/paths.ts';
import { PageHeader } from './components/page-header.tsx';
import { PlanCard } from './components/plan-card.tsx';
import { PUBLIC_PLANS } from './public-plans.ts';

export default function PricingsPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', pb: { xs: 6, md: 10 } }}>
      <PageHeader overline="Pricing" title={MSG.pricingTitle}>
        Every plan delivers hits to your websites every day, billed monthly and renewed automatically. Create an account to pick yours.
      </PageHeader>

      <Container maxWidth="lg">
        <Grid container spacing={3} sx={{ alignItems: 'stretch' }}>
          {PUBLIC_PLANS.map((plan) => (
            <Grid key={plan.name} size={{ xs: 12, sm: 6, lg: 3 }}>
              <PlanCard plan={plan} />
            </Grid>
          ))}
        </Grid>

        <Typography variant="body2" color="text.secondary" sx={{ mt: 5, textAlign: 'center' }}>
          Prices in {CURRENCY}, per month. 100% refund within 30 days through our support team, as set out in the{' '}
          <Link component={RouterLink} to={paths.tos()}>
            Terms of Service
          </Link>
          .
        </Typography>
      </Container>
    </Box>
  );
}
