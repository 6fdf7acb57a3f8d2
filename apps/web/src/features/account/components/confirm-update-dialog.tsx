import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG } from '@traffic/shared/messages';

interface ConfirmUpdateDialogProps {
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmUpdateDialog({ open, busy, onConfirm, onCancel }: ConfirmUpdateDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="confirm-update-title" aria-describedby="confirm-update-text">
      <DialogTitle id="confirm-update-title">{MSG.detailsUpdateTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-update-text">{MSG.detailsUpdateConfirm}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} loading={busy} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
