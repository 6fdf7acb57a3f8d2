import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdminPaymentRow } from '@traffic/shared/schemas/billing.schema';
import { EmailText } from '../../components/email-text.tsx';
import { TableHeaderRow } from '../../components/table-header-row.tsx';
import { TableScroll } from '../../components/table-scroll.tsx';
import { longDate } from '../../lib/subscription.ts';

const HEADERS = ['Date', 'Customer', 'Item', 'Amount', 'Gateway', 'Status', 'Refund'] as const;

/** Payments and renewals as rows, each with Refund (or why not); the Payments screen's and the customer page's table. */
export function PaymentsTable({ rows, onRefund }: { rows: AdminPaymentRow[]; onRefund: (row: AdminPaymentRow) => void }) {
  return (
    <TableScroll label="Payments">
      <Table size="small" aria-label="Payments">
        <TableHeaderRow headers={HEADERS} noWrap />
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{longDate.format(new Date(row.date))}</TableCell>
              <TableCell>
                <EmailText email={row.email} />
              </TableCell>
              <TableCell>
                {row.kind === 'renewal' ? 'Renewal' : 'Payment'}: {row.item}
                <Typography variant="caption" component="div" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  Order {row.orderId}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {row.amount} {row.currency}
              </TableCell>
              <TableCell>{row.gateway === 'card' ? 'Card' : 'PayPal'}</TableCell>
              <TableCell sx={{ textTransform: 'capitalize', whiteSpace: 'nowrap' }}>{row.status}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  disabled={row.refundBlocked !== null}
                  onClick={() => onRefund(row)}
                  aria-label={`Refund ${row.amount} ${row.currency} to ${row.email}`}
                  aria-describedby={row.refundBlocked ? `refund-blocked-${row.id}` : undefined}
                >
                  Refund
                </Button>
                {row.refundBlocked && (
                  <Typography id={`refund-blocked-${row.id}`} variant="caption" component="div" color="text.secondary" sx={{ mt: 0.5 }}>
                    {row.refundBlocked}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
