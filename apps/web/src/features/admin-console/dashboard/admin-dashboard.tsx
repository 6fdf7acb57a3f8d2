import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BusinessCharts } from './business-charts.tsx';
import { ExpiringUsers } from './expiring-users.tsx';
import { FailedJobs } from './failed-jobs.tsx';
import { LatestWebsites } from './latest-websites.tsx';
import { NinehitsAccountCard } from './ninehits-account.tsx';
import { StatCards } from './stat-cards.tsx';

/** Home for any role other than ROLE_USER: counts, the business's charts, failed jobs, the 9Hits account, expiring subscriptions, latest websites. */
export function AdminDashboard() {
  return (
    <Container component="main" maxWidth="xl" sx={{ py: { xs: 3, sm: 5 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Admin dashboard
      </Typography>
      <Stack spacing={3}>
        <StatCards />
        <BusinessCharts />
        <NinehitsAccountCard />
        <FailedJobs />
        <ExpiringUsers />
        <LatestWebsites />
      </Stack>
    </Container>
  );
}
