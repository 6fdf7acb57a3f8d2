import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A dialog without onClose (so neither Escape nor the backdrop closes it) while a call runs; its text is its accessible name. */
export function WaitDialog({ open, text }: { open: boolean; text: string }) {
  return (
    <Dialog open={open} aria-labelledby="support-wait-text">
      <DialogContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={28} aria-hidden />
          <Typography id="support-wait-text">{text}</Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
