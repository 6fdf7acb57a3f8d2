import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FailedJob } from '@traffic/shared/schemas/jobs.schema';
import { LoadError } from '../../../components/load-error.tsx';
import { useFailedJobsQuery } from '../api/get-failed-jobs.ts';
import { useRetryJobMutation } from '../api/retry-job.ts';
import { useDismissJobMutation } from '../api/dismiss-job.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { SectionCard } from '../components/section-card.tsx';
import { TableHeaderRow } from '../../../components/table-header-row.tsx';
import { EmptyRow, LoadingRows } from '../components/table-placeholder-rows.tsx';
import { formatCount } from '../format.ts';
import { TableScroll } from '../../../components/table-scroll.tsx';

const HEADERS = ['Job', 'Gave up', 'Attempts', 'Last error', 'Actions'];
const PAGE_SIZE = 5;
const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Background work that gave up after its last attempt (a 9Hits call, a PayHere cancellation, a
 * mail): what it was for, why it failed, and Retry. Nothing here fixes itself, so the count shows
 * on the dashboard whenever it is not zero.
 */
export function FailedJobs() {
  const [page, setPage] = useState(0);
  const query = useFailedJobsQuery(page, PAGE_SIZE);
  const retry = useRetryJobMutation();
  const dismiss = useDismissJobMutation();
  const [dismissing, setDismissing] = useState<FailedJob | null>(null);
  const busy = retry.isPending || dismiss.isPending;
  const total = query.data?.total ?? 0;
  // A retry can empty the last page: step back to the one that now holds the newest rows.
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
  // Adjusted while rendering (React's pattern for state derived from new data), not in an effect.
  if (query.data && page > lastPage) setPage(lastPage);

  const row = (job: FailedJob) => (
    <TableRow key={job.id} hover>
      <TableCell sx={{ fontWeight: 600 }}>{job.description}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when.format(new Date(job.failed_at))}</TableCell>
      <TableCell>{job.attempts}</TableCell>
      <TableCell sx={{ maxWidth: 360, wordBreak: 'break-word', fontFamily: 'monospace', fontSize: '0.8rem' }}>
        {job.last_error ?? '—'}
      </TableCell>
      <TableCell>
        <Stack direction="row" spacing={1}>
          <Button
            size="small"
            variant="outlined"
            aria-label={`Retry: ${job.description}`}
            onClick={() => retry.mutate({ id: job.id, description: job.description })}
            disabled={busy}
            loading={retry.isPending && retry.variables.id === job.id}
          >
            Retry
          </Button>
          <Button size="small" color="error" aria-label={`Dismiss: ${job.description}`} onClick={() => setDismissing(job)} disabled={busy}>
            Dismiss
          </Button>
        </Stack>
      </TableCell>
    </TableRow>
  );

  const badge = total > 0 ? <Chip color="error" label={`${formatCount(total)} failed`} /> : undefined;
  return (
    <SectionCard
      title="Background jobs that gave up"
      subtitle="Calls to 9Hits and PayHere, and mail, that failed after their last attempt."
      action={badge}
    >
      {query.isError ? (
        <LoadError message="The failed jobs could not be loaded." onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <>
          <TableScroll label="Background jobs that gave up">
            <Table size="small" aria-label="Background jobs that gave up" aria-busy={query.isPending} sx={{ minWidth: 720 }}>
              <TableHeaderRow headers={HEADERS} />
              <TableBody>
                {query.isPending && <LoadingRows columns={HEADERS.length} rows={2} />}
                {query.data?.rows.length === 0 && <EmptyRow columns={HEADERS.length}>No background job has given up.</EmptyRow>}
                {query.data?.rows.map(row)}
              </TableBody>
            </Table>
          </TableScroll>
          {total > PAGE_SIZE && (
            <TablePagination
              component="div"
              count={total}
              page={page}
              onPageChange={(_e, next) => setPage(next)}
              rowsPerPage={PAGE_SIZE}
              rowsPerPageOptions={[PAGE_SIZE]}
            />
          )}
          {total > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 1.5 }}>
              Retry runs the job again from its first attempt; fix the cause first (for example the 9Hits key or the mail server). Dismiss
              removes a job whose work is no longer wanted; the audit log keeps what it was.
            </Typography>
          )}
        </>
      )}
      <ConfirmDialog
        open={dismissing !== null}
        subject={dismissing ? `Dismiss: ${dismissing.description}` : undefined}
        busy={dismiss.isPending}
        onYes={() => {
          if (dismissing)
            dismiss.mutate({ id: dismissing.id, description: dismissing.description }, { onSettled: () => setDismissing(null) });
        }}
        onNo={() => setDismissing(null)}
      />
    </SectionCard>
  );
}
