import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Skeleton from '@mui/material/Skeleton';
import { notify } from '../../shell/toast.ts';
import { BillingRemindersSwitch, remindersMessage } from '../../components/billing-reminders-switch.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { useBillingOverview } from './api/billing.ts';
import { BillingHistoryTable } from './components/billing-history-table.tsx';
import { BillingTypeCard } from './components/billing-type-card.tsx';
import { PageLayout } from '../../components/page-layout.tsx';

/** /billing: each package type's renewal (and the way to stop it), then every payment with its receipt. */
export function BillingPage() {
  const overview = useBillingOverview();
  return (
    <PageLayout
      title="Billing"
      lead="Packages are billed monthly and renew automatically until you cancel. For a refund within 30 days of a payment, write to Support."
      maxWidth="md"
      space={5}
      main={false}
    >
      {overview.isError && (
        <LoadError message="Your packages could not be loaded." onRetry={() => void overview.refetch()} retrying={overview.isFetching} />
      )}
      {overview.isPending && (
        <Stack spacing={2} aria-label="Loading your packages">
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={140} />
        </Stack>
      )}
      {overview.data && (
        <Stack spacing={2}>
          {overview.data.types.map((billing) => (
            <BillingTypeCard key={billing.type} billing={billing} />
          ))}
        </Stack>
      )}
      <Typography variant="h5" component="h2" sx={{ mt: 5, mb: 2 }}>
        Billing history
      </Typography>
      <BillingHistoryTable />
      <BillingRemindersSwitch onSaved={(enabled) => notify.success(remindersMessage(enabled))} onError={notify.error} />
    </PageLayout>
  );
}
