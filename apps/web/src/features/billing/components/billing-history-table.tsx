import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { BillingHistoryRow, HistoryKind } from '@traffic/shared/schemas/billing.schema';
import { notify } from '../../../shell/toast.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { TableScroll } from '../../../components/table-scroll.tsx';
import { longDate } from '../../../lib/subscription.ts';
import { TableHeaderRow } from '../../../components/table-header-row.tsx';
import { saveReceipt, useBillingHistory } from '../api/billing.ts';
import { GATEWAY_LABELS } from './billing-type-card.tsx';

const KIND_LABELS: Record<HistoryKind, string> = {
  payment: 'Payment',
  renewal: 'Renewal',
  grant: 'Grant',
  refund: 'Refund',
  chargeback: 'Charge-back',
};
const HEADERS = ['Date', 'Item', 'Amount', 'Paid with', 'Status', 'Receipt'] as const;
const SIZE = 10;

/** Every charge, renewal, grant, refund and charge-back of the customer's, newest first, paged on the server. */
export function BillingHistoryTable() {
  const [page, setPage] = useState(0);
  const history = useBillingHistory(page, SIZE);
  const [saving, setSaving] = useState<string | null>(null);

  if (history.isError)
    return (
      <LoadError message="Your billing history could not be loaded." onRetry={() => void history.refetch()} retrying={history.isFetching} />
    );
  if (history.isPending) return <Typography color="text.secondary">Loading your billing history…</Typography>;
  if (history.data.total === 0)
    return <EmptyState title="No payments yet">Your payments, renewals and receipts will appear here.</EmptyState>;

  const download = async (row: BillingHistoryRow) => {
    setSaving(row.id);
    try {
      await saveReceipt(row.id);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'The receipt could not be downloaded.');
    } finally {
      setSaving(null);
    }
  };

  return (
    <Paper variant="outlined">
      <TableScroll label="Billing history">
        <Table size="small" aria-label="Billing history">
          <TableHeaderRow headers={HEADERS} noWrap />
          <TableBody>
            {history.data.rows.map((row) => {
              const date = longDate.format(new Date(row.date));
              return (
                <TableRow key={row.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date}</TableCell>
                  <TableCell>
                    {KIND_LABELS[row.kind]}: {row.item}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {row.amount} {row.currency}
                  </TableCell>
                  <TableCell>{GATEWAY_LABELS[row.gateway]}</TableCell>
                  <TableCell sx={{ textTransform: 'capitalize' }}>{row.status}</TableCell>
                  <TableCell>
                    {row.hasReceipt && (
                      <Button
                        size="small"
                        onClick={() => void download(row)}
                        loading={saving === row.id}
                        aria-label={`Download the receipt for ${row.item} of ${date} (PDF)`}
                      >
                        PDF
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableScroll>
      <PagePagination count={history.data.total} page={page} size={SIZE} onPage={setPage} />
    </Paper>
  );
}
