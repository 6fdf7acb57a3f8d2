import { useEffect, useState } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import type { AdminPaymentRow } from '@traffic/shared/schemas/billing.schema';
import { PagePagination } from '../../components/page-pagination.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PageLayout } from '../../components/page-layout.tsx';
import { usePayments, type PaymentsFilters } from './api.ts';
import { PaymentsTable } from './payments-table.tsx';
import { RefundDialog } from './refund-dialog.tsx';
import { DateFilterField } from '../../components/date-filter-field.tsx';
import { FilterSelects, type FilterChoice } from '../../components/filter-select.tsx';

type Filters = Omit<PaymentsFilters, 'search'>;

const GATEWAYS = [
  { value: 'card', label: 'Card' },
  { value: 'paypal', label: 'PayPal' },
] as const;
const STATUSES = [
  { value: 'paid', label: 'Paid' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'charged back', label: 'Charged back' },
] as const;
const CHOICES: FilterChoice<Filters>[] = [
  { key: 'gateway', label: 'Gateway', all: 'All gateways', options: GATEWAYS, minWidth: 140 },
  { key: 'status', label: 'Status', all: 'All statuses', options: STATUSES, minWidth: 150 },
];

const SIZE = 20;

/** /admin/payments: every payment and renewal, newest first, with filters and a refund within 30 days. */
export function PaymentsPage() {
  const [params] = useSearchParams();
  const [typed, setTyped] = useState(params.get('search') ?? '');
  const [search, setSearch] = useState(typed.trim());
  const [filters, setFilters] = useState<Filters>({ gateway: '', status: '', from: '', to: '' });
  const [page, setPage] = useState(0);
  const [refunding, setRefunding] = useState<AdminPaymentRow | null>(null);
  const payments = usePayments({ ...filters, search }, page, SIZE);
  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(0);
  };
  // The search asks the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(typed.trim());
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed]);

  return (
    <PageLayout
      title="Payments"
      lead="Every card and PayPal payment and renewal, newest first. A payment can be refunded within 30 days of its charge."
      space={4}
      leadGap={2}
      main={false}
    >
      <Paper variant="outlined">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2 }} role="search" aria-label="Filter payments">
          <SearchField placeholder="Email or order id" value={typed} onChange={setTyped} sx={{ flex: { md: '1 1 240px' } }} />
          <FilterSelects choices={CHOICES} filters={filters} onChange={set} />
          <DateFilterField label="From" value={filters.from} onChange={(from) => set('from', from)} />
          <DateFilterField label="To" value={filters.to} onChange={(to) => set('to', to)} />
        </Stack>
        {payments.isError && (
          <LoadError message="The payments could not be loaded." onRetry={() => void payments.refetch()} retrying={payments.isFetching} />
        )}
        {payments.isPending && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            Loading payments…
          </Typography>
        )}
        {payments.data && payments.data.total === 0 && <EmptyState title="No payments match these filters" />}
        {payments.data && payments.data.total > 0 && (
          <>
            <PaymentsTable rows={payments.data.rows} onRefund={setRefunding} />
            <PagePagination count={payments.data.total} page={page} size={SIZE} onPage={setPage} />
          </>
        )}
      </Paper>
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </PageLayout>
  );
}
