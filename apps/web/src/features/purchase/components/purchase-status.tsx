import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../shell/paths.ts';
import { CenteredMessage } from '../../../components/centered-message.tsx';
import type { ConfirmState } from '../use-confirm-purchase.ts';

export const CONFIRMING_TITLE = 'Confirming your payment…';

interface Props {
  state: ConfirmState;
  /** What was bought, from the pending record. */
  itemName: string;
  failureMessage: string;
  onRetry: () => void;
}

/** The return page while the purchase is being confirmed, and when it could not be. */
export function PurchaseStatus({ state, itemName, failureMessage, onRetry }: Props) {
  if (state.phase === 'working') {
    return (
      <CenteredMessage title={CONFIRMING_TITLE}>
        <CircularProgress aria-label="Confirming your payment" />
        <Typography color="text.secondary" role="status" aria-live="polite">
          {state.waiting
            ? `Waiting for the payment provider to confirm your payment for ${itemName}. Please keep this page open.`
            : `Finishing your purchase of ${itemName}.`}
        </Typography>
      </CenteredMessage>
    );
  }
  return (
    <CenteredMessage title="Your purchase could not be confirmed">
      <Typography color="text.secondary">{failureMessage}</Typography>
      {state.canRetry && (
        <Typography color="text.secondary">If you have paid, the confirmation may still be on its way: try again in a minute.</Typography>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: { xs: '100%', sm: 'auto' } }}>
        {state.canRetry && (
          <Button variant="contained" onClick={onRetry}>
            Try again
          </Button>
        )}
        <Button variant="outlined" component={RouterLink} to={paths.support()}>
          Contact support
        </Button>
        <Button component={RouterLink} to={paths.home()}>
          Go to Home
        </Button>
      </Stack>
    </CenteredMessage>
  );
}

/** A return page opened with nothing waiting to be confirmed (already done, or another browser). */
export function NothingToConfirm() {
  return (
    <CenteredMessage title="No purchase to confirm">
      <Typography color="text.secondary">
        There is no payment waiting to be confirmed in this browser. Purchases you have completed show on your home page.
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.home()}>
        Go to Home
      </Button>
    </CenteredMessage>
  );
}
