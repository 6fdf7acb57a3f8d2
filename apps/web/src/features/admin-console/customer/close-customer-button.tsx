import { useState } from 'react';
import Button from '@mui/material/Button';
import { CloseAccountDialog } from '../../../components/close-account-dialog.tsx';
import { useCloseCustomer, useOwnTwoFactor } from '../api/close-customer.ts';

/**
 * Close account, on the customer's request: the same confirmation the customer reads on Account
 * security, confirmed with the administrator's own password (and code). Audited as an administrator's.
 */
export function CloseCustomerButton({ id, username }: { id: number; username: string }) {
  const [open, setOpen] = useState(false);
  const close = useCloseCustomer(id, username);
  const withCode = useOwnTwoFactor();
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Close account
      </Button>
      <CloseAccountDialog
        open={open}
        title={`Close ${username}'s account for good?`}
        intro="Only on the customer's own request. This is what happens, and what the customer is told by e-mail:"
        passwordLabel="Your password (administrator)"
        withCode={withCode}
        busy={close.isPending}
        error={close.error ? close.error.message : null}
        onCancel={() => {
          close.reset();
          setOpen(false);
        }}
        onConfirm={(body) =>
          close.mutate(body, {
            onSuccess: () => setOpen(false),
          })
        }
      />
    </>
  );
}
