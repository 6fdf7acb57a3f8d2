import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MSG } from '@traffic/shared/messages';

interface ConfirmRemoveDialogProps {
  open: boolean;
  url: string;
  busy: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** Asks before a website is removed, in the product's confirm wording. */
export function ConfirmRemoveDialog({ open, url, busy, onYes, onNo }: ConfirmRemoveDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onNo} aria-labelledby="confirm-remove-title" aria-describedby="confirm-remove-text" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-remove-title">{MSG.confirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-remove-text">{MSG.confirmBody}</DialogContentText>
        <DialogContentText variant="body2" sx={{ mt: 1.5, fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>
          Remove {url}
        </DialogContentText>
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
