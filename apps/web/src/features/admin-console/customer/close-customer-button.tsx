import { CloseAccountButton } from '../../../components/close-account-dialog.tsx';
import { useCloseCustomer, useOwnTwoFactor } from '../api/close-customer.ts';

/**
 * Close account, on the customer's request: the same confirmation the customer reads on Account
 * security, confirmed with the administrator's own password (and code). Audited as an administrator's.
 */
export function CloseCustomerButton({ id, username }: { id: number; username: string }) {
  const close = useCloseCustomer(id, username);
  const withCode = useOwnTwoFactor();
  return (
    <CloseAccountButton
      label="Close account"
      title={`Close ${username}'s account for good?`}
      intro="Only on the customer's own request. This is what happens, and what the customer is told by e-mail:"
      passwordLabel="Your password (administrator)"
      withCode={withCode}
      close={close}
    />
  );
}
