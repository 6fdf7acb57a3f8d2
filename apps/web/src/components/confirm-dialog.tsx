import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { MSG } from '@traffic/shared/messages';

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
  const id = useId();
  return (
    <Dialog
      open={open}
      // Escape or a click outside is a No; not while the deletion runs.
      onClose={busy ? undefined : onNo}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{MSG.confirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{MSG.confirmBody}</DialogContentText>
        {subject && (
          <DialogContentText variant="body2" sx={{ mt: 1.5, fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>
            {subject}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onNo} disabled={busy} autoFocus>
          No
        </Button>
        <Button variant="contained" color="error" onClick={onYes} loading={busy}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
