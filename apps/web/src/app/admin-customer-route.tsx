import { CustomerAudit } from '../features/admin-audit/customer-audit.tsx';
import { CustomerPage as Page, type CustomerSections } from '../features/admin-console/customer/customer-page.tsx';
import { CustomerPayments } from '../features/admin-payments/customer-payments.tsx';

const sections: CustomerSections = {
  payments: ({ id, email }) => <CustomerPayments userId={id} email={email} />,
  audit: ({ id, email }) => <CustomerAudit userId={id} email={email} />,
};

/**
 * /users/:id, the admin's customer page: the shell composes the admin console's page with the
 * payments (Refund) and audit features' sections; no feature imports another. Named `admin-*`, so
 * the bundle check (apps/web/scripts/check-bundle.ts) counts its import as loaded for admins only.
 */
export function CustomerPage() {
  return <Page sections={sections} />;
}
