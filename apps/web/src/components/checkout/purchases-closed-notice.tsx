import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { MSG } from '@traffic/shared/messages';

/**
 * What a DEACTIVATED account reads where others see checkout (docs/product.md section 10, "Screens tell
 * the truth"): a purchase does not lift the hold, so no Buy Now, PayPal, Upgrade or Extend is offered,
 * and the way out is support. The server refuses such an order with the same words (409).
 */
export function PurchasesClosedNotice({ supportTo }: { supportTo: string }) {
  return (
    <Alert
      severity="info"
      sx={{ mb: 3 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={supportTo} sx={{ whiteSpace: 'nowrap' }}>
          Contact support
        </Button>
      }
    >
      {MSG.purchasesClosedDeactivated}
    </Alert>
  );
}
