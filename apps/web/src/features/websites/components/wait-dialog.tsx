import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { MSG } from '@traffic/shared/messages';

/** docs/product.md section 2: 'Submmiting - Please wait while your website is submitted. This may take some time.' Without onClose it cannot be dismissed. */
export function WaitDialog({ open }: { open: boolean }) {
  return (
    <Dialog open={open} aria-labelledby="website-wait-title" aria-describedby="website-wait-text" maxWidth="xs" fullWidth>
      <DialogTitle id="website-wait-title">{MSG.submitting}</DialogTitle>
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={28} aria-hidden="true" />
          <DialogContentText id="website-wait-text">{MSG.submittingBody}</DialogContentText>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
