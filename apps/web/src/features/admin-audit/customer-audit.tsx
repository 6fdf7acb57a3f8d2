import { useState } from 'react';
import { paths } from '../../shell/paths.ts';
import { CustomerSection } from '../../components/customer-section.tsx';
import { useAuditLog } from './api.ts';
import { AuditTable } from './audit-table.tsx';

const SIZE = 10;

/** The customer page's audit events: those about the customer or by them, newest first. */
export function CustomerAudit({ userId, email }: { userId: number; email: string }) {
  const [page, setPage] = useState(0);
  const events = useAuditLog({ page, size: SIZE, actor: '', target: '', userId });
  return (
    <CustomerSection
      id="customer-audit"
      title="Audit events"
      lead="What administrators did to this account and its own security events, newest first."
      link={paths.adminAuditLog({ target: email })}
      linkText="Open in the Audit log"
      query={events}
      texts={{ failed: 'The audit events could not be loaded.', loading: 'Loading audit events…', empty: 'No audit events yet.' }}
      page={page}
      size={SIZE}
      onPage={setPage}
    >
      {events.data && <AuditTable rows={events.data.rows} busy={events.isFetching} />}
    </CustomerSection>
  );
}
