import { useState } from 'react';
import LockIcon from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CaptureResult } from '@traffic/shared/schemas/payments.schema';
import type { OrderRequest } from './api/create-card-order.ts';
import { checkoutErrorMessage } from './checkout-error.ts';
import { runSandboxPaypal, type SandboxPaypalStep } from './run-sandbox-paypal.ts';
import { ErrorAlert } from '../error-alert.tsx';

export interface CheckoutItem {
  name: string;
  /** The catalogue's decimal string, "14.99". */
  price: string;
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const STEP_TEXT: Record<SandboxPaypalStep, string> = {
  creating: 'Creating your PayPal order…',
  approving: 'Approving the payment…',
  capturing: 'Completing the payment…',
};

interface Props {
  open: boolean;
  item: CheckoutItem;
  order: OrderRequest;
  onClose: () => void;
  onPaid: (result: CaptureResult) => void;
}

/** Sandbox mode's PayPal window: the buyer sees what they pay for and approves it here. */
export function PaypalSandboxDialog({ open, item, order, onClose, onPaid }: Props) {
  const [step, setStep] = useState<SandboxPaypalStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = step !== null;

  async function pay() {
    setError(null);
    try {
      const result = await runSandboxPaypal(order, setStep);
      setStep(null);
      onPaid(result);
    } catch (failure) {
      setStep(null);
      setError(checkoutErrorMessage(failure));
    }
  }

  function close() {
    if (busy) return;
    setError(null);
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="paypal-sandbox-title" fullWidth maxWidth="xs">
      <Box sx={{ bgcolor: '#f5f7fa', color: '#1a1a1a', px: 3, py: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography id="paypal-sandbox-title" component="h2" sx={{ fontWeight: 800, fontStyle: 'italic', fontSize: '1.5rem', flexGrow: 1 }}>
          <Box component="span" aria-hidden sx={{ color: '#003087' }}>
            Pay
          </Box>
          <Box component="span" aria-hidden sx={{ color: '#009cde' }}>
            Pal
          </Box>
          <Box component="span" sx={visuallyHidden}>
            PayPal checkout
          </Box>
        </Typography>
        <Chip size="small" label="Sandbox" sx={{ bgcolor: '#e5e9f0', color: '#1a1a1a' }} />
      </Box>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">You are paying for</Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>{item.name}</Typography>
            <Typography variant="h6" component="p">
              ${item.price} USD
            </Typography>
          </Stack>
          <Divider />
          <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <LockIcon fontSize="small" aria-hidden />A test payment through the PayPal sandbox: no money is taken.
          </Typography>
          <Typography variant="body2" role="status" aria-live="polite" sx={{ minHeight: '1.5em' }}>
            {step ? STEP_TEXT[step] : ''}
          </Typography>
          <ErrorAlert message={error} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={close} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={() => void pay()}
          loading={busy}
          sx={{ bgcolor: '#ffc439', color: '#111', fontWeight: 700, '&:hover': { bgcolor: '#f2ba36' } }}
        >
          Pay with PayPal (sandbox)
        </Button>
      </DialogActions>
    </Dialog>
  );
}
