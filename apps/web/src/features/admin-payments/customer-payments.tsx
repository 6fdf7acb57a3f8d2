import { useState } from 'react';
import type { AdminPaymentRow } from '@traffic/shared/schemas/billing.schema';
import { paths } from '../../shell/paths.ts';
import { CustomerSection, useSectionPaging } from '../../components/customer-section.tsx';
import { usePayments } from './api.ts';
import { PaymentsTable } from './payments-table.tsx';
import { RefundDialog } from './refund-dialog.tsx';

/** The customer page's payments: theirs only, newest first, with Refund as on the Payments screen. */
export function CustomerPayments({ userId, email }: { userId: number; email: string }) {
  const paging = useSectionPaging();
  const [refunding, setRefunding] = useState<AdminPaymentRow | null>(null);
  const payments = usePayments({ search: '', gateway: '', status: '', from: '', to: '', userId }, paging.page, paging.size);
  return (
    <>
      <CustomerSection
        id="customer-payments"
        title="Payments"
        lead="Newest first. A payment can be refunded within 30 days of its charge."
        link={paths.adminPayments(email)}
        linkText="Open in Payments"
        query={payments}
        texts={{ failed: 'The payments could not be loaded.', loading: 'Loading payments…', empty: 'No payments yet.' }}
        {...paging}
      >
        {payments.data && <PaymentsTable rows={payments.data.rows} onRefund={setRefunding} />}
      </CustomerSection>
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </>
  );
}
