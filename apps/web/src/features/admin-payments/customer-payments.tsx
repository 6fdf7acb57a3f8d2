import { useState } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminPaymentRow } from '@traffic/shared/schemas/billing.schema';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../shell/paths.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PagePagination } from '../../components/page-pagination.tsx';
import { usePayments } from './api.ts';
import { PaymentsTable } from './payments-table.tsx';
import { RefundDialog } from './refund-dialog.tsx';

const SIZE = 10;

/** The customer page's payments: theirs only, newest first, with Refund as on the Payments screen. */
export function CustomerPayments({ userId, email }: { userId: number; email: string }) {
  const [page, setPage] = useState(0);
  const [refunding, setRefunding] = useState<AdminPaymentRow | null>(null);
  const payments = usePayments({ search: '', gateway: '', status: '', from: '', to: '', userId }, page, SIZE);
  return (
    <Paper component="section" aria-labelledby="customer-payments" variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ px: 2.5, pt: 2, pb: 1.5, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}
        useFlexGap
      >
        <div>
          <Typography id="customer-payments" variant="h6" component="h2">
            Payments
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Newest first. A payment can be refunded within 30 days of its charge.
          </Typography>
        </div>
        <Link component={RouterLink} to={paths.adminPayments(email)} variant="body2">
          Open in Payments
        </Link>
      </Stack>
      {payments.isError && (
        <LoadError message="The payments could not be loaded." onRetry={() => void payments.refetch()} retrying={payments.isFetching} />
      )}
      {payments.isPending && (
        <Typography color="text.secondary" sx={{ px: 2.5, pb: 2 }}>
          Loading payments…
        </Typography>
      )}
      {payments.data && payments.data.total === 0 && (
        <Typography color="text.secondary" sx={{ px: 2.5, pb: 2 }}>
          No payments yet.
        </Typography>
      )}
      {payments.data && payments.data.total > 0 && (
        <>
          <PaymentsTable rows={payments.data.rows} onRefund={setRefunding} />
          {payments.data.total > SIZE && <PagePagination count={payments.data.total} page={page} size={SIZE} onPage={setPage} />}
        </>
      )}
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </Paper>
  );
}
