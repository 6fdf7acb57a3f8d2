import { useEffect } from 'react';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS } from '@traffic/shared/audit-actions';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { PagePagination } from '../../components/page-pagination.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { PageLayout } from '../../components/page-layout.tsx';
import { useAuditLog } from './api.ts';
import { AuditTable } from './audit-table.tsx';
import { PAGE_SIZES, useAuditView, type AuditView } from './use-audit-view.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { DateFilterField } from '../../components/date-filter-field.tsx';

/** A dropdown whose empty choice ("All actions") shows as its value rather than as a blank. */

/** /admin/audit-log: who did what to whom, newest first, filtered and paged by the server. */
export function AuditLogPage() {
  const view = useAuditView();
  const audit = useAuditLog(view.query);

  // A link to a page past the end (or rows gone meanwhile): show the last page there is.
  const total = audit.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / view.size) - 1);
  const settled = audit.data !== undefined && !audit.isPlaceholderData;
  const { page, setPage } = view;
  useEffect(() => {
    if (settled && page > lastPage) setPage(lastPage);
  }, [settled, page, lastPage, setPage]);

  return (
    <PageLayout
      title="Audit log"
      lead="Sign-ins, security changes and every administrator's action, newest first. Filter by who acted, what they did, whom or what it concerned, and when."
      maxWidth="xl"
      space={4}
      leadGap={2}
    >
      <Paper variant="outlined">
        <AuditFilters view={view} />
        <LinearProgress aria-label="Updating" sx={{ visibility: audit.isFetching && !audit.isPending ? 'visible' : 'hidden' }} />
        {audit.isError && !audit.data && (
          <LoadError message="The audit log could not be loaded." onRetry={() => void audit.refetch()} retrying={audit.isFetching} />
        )}
        {audit.isPending && (
          <Typography color="text.secondary" role="status" sx={{ p: 2 }}>
            Loading the audit log…
          </Typography>
        )}
        {audit.data && total === 0 && (
          <EmptyState title="No audit records match these filters.">
            {view.filtered ? 'Widen the dates or clear a filter.' : undefined}
          </EmptyState>
        )}
        {audit.data && total > 0 && (
          <>
            <AuditTable rows={audit.data.rows} busy={audit.isFetching} />
            <PagePagination
              count={total}
              capped={audit.data.totalCapped}
              page={Math.min(page, lastPage)}
              size={view.size}
              sizes={PAGE_SIZES}
              onPage={setPage}
              onSize={view.setSize}
            />
          </>
        )}
      </Paper>
    </PageLayout>
  );
}

function AuditFilters({ view }: { view: AuditView }) {
  const { filters, typed } = view;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ p: 2, flexWrap: { md: 'wrap' }, alignItems: { md: 'center' } }}
      role="search"
      aria-label="Filter the audit log"
    >
      <SearchField label="Actor" placeholder="Email" value={typed.actor} onChange={view.setActor} sx={{ flex: { md: '1 1 220px' } }} />
      <FilterSelect
        label="Action"
        all="All actions"
        options={AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }))}
        value={filters.action}
        onChange={(action) => view.setFilter('action', action)}
        sx={{ minWidth: { md: 220 } }}
      />
      <SearchField
        label="Target"
        placeholder="Email, URL or id"
        value={typed.target}
        onChange={view.setTarget}
        sx={{ flex: { md: '1 1 220px' } }}
      />
      <DateFilterField label="From" value={filters.from} onChange={(from) => view.setFilter('from', from)} max={filters.to || undefined} />
      <DateFilterField label="To" value={filters.to} onChange={(to) => view.setFilter('to', to)} min={filters.from || undefined} />
      <Button
        onClick={view.clearFilters}
        disabled={!view.filtered}
        sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', md: 'center' } }}
      >
        Clear filters
      </Button>
    </Stack>
  );
}
