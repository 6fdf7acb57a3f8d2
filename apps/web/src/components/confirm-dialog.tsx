import DialogContentText from '@mui/material/DialogContentText';
import { MSG } from '@traffic/shared/messages';
import { ActionDialog } from './action-dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  /** What is about to be deleted or removed, under the confirmation's question. */
  subject?: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}

/**
 * docs/product.md section 2: 'Confirm to submit' / 'Are you sure to do this.' with Yes and No, the one
 * confirmation before a deletion (catalogue items, activated add-ons, websites).
 */
export function ConfirmDialog({ open, subject, busy, onYes, onNo }: ConfirmDialogProps) {
  return (
    <ActionDialog
      open={open}
      title={MSG.confirmTitle}
      confirmLabel="Yes"
      cancelLabel="No"
      tone="error"
      width="xs"
      busy={busy}
      onConfirm={onYes}
      onCancel={onNo}
    >
      <DialogContentText>{MSG.confirmBody}</DialogContentText>
      {subject && (
        <DialogContentText variant="body2" sx={{ mt: 1.5, fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>
          {subject}
        </DialogContentText>
      )}
    </ActionDialog>
  );
}
