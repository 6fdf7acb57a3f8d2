import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import type { AdminPaymentRow } from '@traffic/shared/schemas/billing.schema';
import { notify } from '../../shell/toast.ts';
import { ActionDialog } from '../../components/action-dialog.tsx';
import { useRefund } from './api.ts';

/** The refund's confirmation: what is refunded to whom, what it takes back, and the reason (required). */
export function RefundDialog({ payment, onClose }: { payment: AdminPaymentRow | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const refund = useRefund();
  const missing = reason.trim() === '';
  const close = () => {
    setReason('');
    setTouched(false);
    onClose();
  };
  const confirm = () => {
    setTouched(true);
    if (!payment || missing) return;
    refund.mutate(
      { id: payment.id, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success(`Refunded ${payment.amount} ${payment.currency} to ${payment.email}.`);
          close();
        },
        onError: (error) => notify.error(error.message),
      },
    );
  };
  return (
    <ActionDialog
      open={payment !== null}
      title="Refund this payment?"
      confirmLabel="Refund"
      tone="error"
      width="sm"
      busy={refund.isPending}
      onConfirm={confirm}
      onCancel={close}
    >
      {payment && (
        <>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            {payment.amount} {payment.currency} for {payment.item} goes back to {payment.email} through{' '}
            {payment.gateway === 'card' ? 'PayHere' : 'PayPal'}.{' '}
            {payment.kind === 'renewal' ? 'The month this renewal paid for' : 'What this payment bought'} is taken back, the automatic
            renewal stops, and websites above the remaining hits and slots are paused. The customer is e-mailed.
          </DialogContentText>
          <TextField
            label="Reason"
            required
            fullWidth
            multiline
            minRows={2}
            sx={{ mt: 2 }}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && missing}
            helperText={touched && missing ? 'Say why the payment is refunded.' : 'Sent to the customer in the refund e-mail.'}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </>
      )}
    </ActionDialog>
  );
}
