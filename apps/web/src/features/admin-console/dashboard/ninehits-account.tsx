import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { NinehitsAccount as Account } from '@traffic/shared/schemas/ninehits.schema';
import { isApiError } from '../../../lib/api-client.ts';
import { useNinehitsAccountQuery } from '../api/get-ninehits-account.ts';
import { Figure } from '../components/figure.tsx';
import { SectionCard } from '../components/section-card.tsx';
import { formatCount } from '../format.ts';

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

function Balance({ account }: { account: Account }) {
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={4}>
        <Figure label="Points" value={formatCount(account.points)} />
        <Figure
          label="Free campaign slots"
          value={formatCount(account.slots.available)}
          detail={`${formatCount(account.slots.used)} in use`}
        />
      </Stack>
      {account.low.points && (
        <Alert severity="warning">
          9Hits points are running low (under {formatCount(account.thresholds.points)}). Every visit costs points and delivery stops when
          they run out: top up the 9Hits account.
        </Alert>
      )}
      {account.low.slots && (
        <Alert severity="warning">
          Only {formatCount(account.slots.available)} free campaign slots are left at 9Hits (warning under{' '}
          {formatCount(account.thresholds.slots)}). Each website takes one; with none free, new websites get no traffic.
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary">
        As 9Hits answered at {time.format(new Date(account.checked_at))}.
      </Typography>
    </Stack>
  );
}

/** The 9Hits account's balance on the admin dashboard, with a warning before it runs out. */
export function NinehitsAccountCard() {
  const account = useNinehitsAccountQuery();
  return (
    <SectionCard title="9Hits account" subtitle="The points and campaign slots that deliver every customer's traffic">
      <Stack sx={{ px: 2.5, pb: 2.5 }} aria-busy={account.isPending}>
        {account.data ? (
          <Balance account={account.data} />
        ) : account.isError ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void account.refetch()} loading={account.isFetching}>
                Retry
              </Button>
            }
          >
            Could not read the 9Hits account.{' '}
            {isApiError(account.error) && account.error.status === 502 ? account.error.message : 'Please try again shortly.'}
          </Alert>
        ) : (
          <Stack direction="row" spacing={4} aria-label="Loading the 9Hits account">
            <Skeleton width={120} height={56} />
            <Skeleton width={120} height={56} />
          </Stack>
        )}
      </Stack>
    </SectionCard>
  );
}
