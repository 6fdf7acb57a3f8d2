import { useState } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../shell/paths.ts';
import { LoadError } from '../../components/load-error.tsx';
import { PagePagination } from '../../components/page-pagination.tsx';
import { useAuditLog } from './api.ts';
import { AuditTable } from './audit-table.tsx';

const SIZE = 10;

/** The customer page's audit events: those about the customer or by them, newest first. */
export function CustomerAudit({ userId, email }: { userId: number; email: string }) {
  const [page, setPage] = useState(0);
  const events = useAuditLog({ page, size: SIZE, actor: '', target: '', userId });
  return (
    <Paper component="section" aria-labelledby="customer-audit" variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ px: 2.5, pt: 2, pb: 1.5, alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap' }}
        useFlexGap
      >
        <div>
          <Typography id="customer-audit" variant="h6" component="h2">
            Audit events
          </Typography>
          <Typography variant="body2" color="text.secondary">
            What administrators did to this account and its own security events, newest first.
          </Typography>
        </div>
        <Link component={RouterLink} to={paths.adminAuditLog({ target: email })} variant="body2">
          Open in the Audit log
        </Link>
      </Stack>
      {events.isError && (
        <LoadError message="The audit events could not be loaded." onRetry={() => void events.refetch()} retrying={events.isFetching} />
      )}
      {events.isPending && (
        <Typography color="text.secondary" sx={{ px: 2.5, pb: 2 }}>
          Loading audit events…
        </Typography>
      )}
      {events.data && events.data.total === 0 && (
        <Typography color="text.secondary" sx={{ px: 2.5, pb: 2 }}>
          No audit events yet.
        </Typography>
      )}
      {events.data && events.data.total > 0 && (
        <>
          <AuditTable rows={events.data.rows} busy={events.isFetching} />
          {events.data.total > SIZE && <PagePagination count={events.data.total} page={page} size={SIZE} onPage={setPage} />}
        </>
      )}
    </Paper>
  );
}
