import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ACCOUNT_EVENT_LABELS } from '@traffic/shared/audit-actions';
import type { AccountEvents } from '@traffic/shared/schemas/security.schema';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { LoadError } from '../../../../components/load-error.tsx';
import { PagePagination } from '../../../../components/page-pagination.tsx';
import { EVENTS_PAGE_SIZE, useSecurityEvents } from '../../api/security.ts';
import { formatWhen, SecuritySection, SectionLoading } from './security-section.tsx';

type EventRow = AccountEvents['rows'][number];

/** One event: what, when, and from which device and address (the server leaves those out of an administrator's action). */
function EventItem({ event }: { event: EventRow }) {
  const where = [event.device, event.ip && `IP ${event.ip}`].filter(Boolean).join(' · ');
  return (
    <Box component="li" sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600 }}>
        {ACCOUNT_EVENT_LABELS[event.action]}
        {(event.repeats ?? 1) > 1 && ` (${event.repeats} times)`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <time dateTime={event.at}>{formatWhen(event.at)}</time>
        {where && ` · ${where}`}
      </Typography>
    </Box>
  );
}

/** The account's own security events (GET account/events), newest first, 20 a page. */
export function SecurityActivitySection() {
  const [page, setPage] = useState(0);
  const events = useSecurityEvents(page);

  function body() {
    if (events.isError)
      return (
        <LoadError
          message="Your security activity could not be loaded."
          onRetry={() => void events.refetch()}
          retrying={events.isFetching}
        />
      );
    if (events.isPending) return <SectionLoading>Loading your security activity…</SectionLoading>;
    if (events.data.total === 0)
      return <EmptyState title="No security activity yet">Sign-ins and changes to your password or sessions will appear here.</EmptyState>;
    return (
      <>
        <Box component="ul" aria-label="Security activity" aria-busy={events.isFetching} sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {events.data.rows.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
        </Box>
        {events.data.total > EVENTS_PAGE_SIZE && (
          <PagePagination count={events.data.total} page={page} size={EVENTS_PAGE_SIZE} onPage={setPage} />
        )}
      </>
    );
  }

  return (
    <SecuritySection
      id="security-activity"
      title="Security activity"
      description="Sign-ins and changes to your account's security, newest first."
    >
      {body()}
    </SecuritySection>
  );
}
