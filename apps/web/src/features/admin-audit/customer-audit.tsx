import { paths } from '../../shell/paths.ts';
import { CustomerSection, useSectionPaging } from '../../components/customer-section.tsx';
import { useAuditLog } from './api.ts';
import { AuditTable } from './audit-table.tsx';

/** The customer page's audit events: those about the customer or by them, newest first. */
export function CustomerAudit({ userId, email }: { userId: number; email: string }) {
  const paging = useSectionPaging();
  const events = useAuditLog({ page: paging.page, size: paging.size, actor: '', target: '', userId });
  return (
    <CustomerSection
      id="customer-audit"
      title="Audit events"
      lead="What administrators did to this account and its own security events, newest first."
      link={paths.adminAuditLog({ target: email })}
      linkText="Open in the Audit log"
      query={events}
      texts={{ failed: 'The audit events could not be loaded.', loading: 'Loading audit events…', empty: 'No audit events yet.' }}
      {...paging}
    >
      {events.data && <AuditTable rows={events.data.rows} busy={events.isFetching} />}
    </CustomerSection>
  );
}
