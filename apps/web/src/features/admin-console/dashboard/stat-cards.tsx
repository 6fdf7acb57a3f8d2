import type { ReactNode } from 'react';
import GroupIcon from '@mui/icons-material/Group';
import LanguageIcon from '@mui/icons-material/Language';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useExpiringUsersQuery } from '../api/get-expiring-users.ts';
import { useUserCountQuery } from '../api/get-user-count.ts';
import { useWebsiteCountQuery } from '../api/get-website-count.ts';
import { formatCount } from '../format.ts';

interface StatProps {
  label: string;
  icon: ReactNode;
  value: number | undefined;
  failed: boolean;
}

function Stat({ label, icon, value, failed }: StatProps) {
  return (
    <Paper variant="outlined" role="group" aria-label={label} sx={{ p: 2.5, height: '100%' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Stack sx={{ p: 1.25, borderRadius: 2, bgcolor: 'action.selected', color: 'primary.main' }}>{icon}</Stack>
        <div>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          {value !== undefined ? (
            <Typography variant="h4" component="p">
              {formatCount(value)}
            </Typography>
          ) : failed ? (
            <Typography color="error" component="p">
              Could not be loaded
            </Typography>
          ) : (
            <Skeleton width={80} height={42} />
          )}
        </div>
      </Stack>
    </Paper>
  );
}

/** The dashboard's figures: customers, websites and subscriptions about to end. */
export function StatCards() {
  const users = useUserCountQuery();
  const websites = useWebsiteCountQuery();
  const expiring = useExpiringUsersQuery();
  const stats: StatProps[] = [
    { label: 'Users', icon: <GroupIcon />, value: users.data?.count, failed: users.isError },
    { label: 'Websites', icon: <LanguageIcon />, value: websites.data?.count, failed: websites.isError },
    { label: 'Ending within 30 days', icon: <EventBusyIcon />, value: expiring.data?.length, failed: expiring.isError },
  ];
  return (
    <Grid container spacing={2} component="ul" aria-label="Statistics" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {stats.map((stat) => (
        <Grid key={stat.label} component="li" size={{ xs: 12, sm: 4 }}>
          <Stat {...stat} />
        </Grid>
      ))}
    </Grid>
  );
}
