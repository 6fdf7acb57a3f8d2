import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Package } from '@traffic/shared/schemas/catalogue.schema';
import type { CaptureResult, CheckoutForm } from '@traffic/shared/schemas/payments.schema';
import { CheckoutActions } from '../../../components/checkout/checkout-actions.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { usePackageChange } from '../api/package-change.ts';

const count = (n: number) => n.toLocaleString('en-US');

interface Props {
  open: boolean;
  onClose: () => void;
  pkg: Package;
  direction: 'upgrade' | 'downgrade';
  /** The package it replaces, and the day it is paid until. */
  current: string;
  until: string;
  onOrderCreated: (checkout: CheckoutForm) => void;
  onPaid: (result: CaptureResult) => void;
}

/**
 * The step before paying for another package of a type (docs/decisions/0021): the full rule, and the
 * websites the change will pause, as the server computes them with the rule the change applies.
 */
export function ChangeDialog({ open, onClose, pkg, direction, current, until, onOrderCreated, onPaid }: Props) {
  const id = useId();
  const change = usePackageChange(pkg.id, open);
  const verb = direction === 'upgrade' ? 'Upgrade' : 'Downgrade';
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>{`${verb} to ${pkg.name}`}</DialogTitle>
      <DialogContent sx={{ overflowWrap: 'anywhere' }}>
        <Typography sx={{ mb: 2 }}>
          {`${pkg.name} replaces your ${current} package (paid until ${until}) from today. When this payment succeeds, ${pkg.name} runs a month from today and renews monthly; ${current} stops renewing, and its unused days are not refunded.`}
        </Typography>
        {change.isPending ? (
          <Skeleton variant="rounded" height={72} aria-label="Checking your websites" />
        ) : change.isError ? (
          <LoadError message="Your websites could not be checked." onRetry={() => void change.refetch()} retrying={change.isFetching} />
        ) : change.data.pausing.length === 0 ? (
          <Alert severity="success" role="status">
            {change.data.activeWebsites === 0
              ? `${pkg.name} allows ${count(change.data.totalHits)} hits a day and ${count(change.data.totalSlots)} slots.`
              : `Your websites fit: they use ${count(change.data.activeHits)} of the ${count(change.data.totalHits)} hits a day ${pkg.name} allows with your add-ons. None will pause.`}
          </Alert>
        ) : (
          <Alert severity="warning" role="status">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {`Your websites use ${count(change.data.activeHits)} hits a day on ${count(change.data.activeWebsites)} ${change.data.activeWebsites === 1 ? 'website' : 'websites'}; ${pkg.name} with your add-ons allows ${count(change.data.totalHits)} hits a day and ${count(change.data.totalSlots)} slots. These ${change.data.pausing.length === 1 ? 'website' : `${change.data.pausing.length} websites`} will pause, newest first:`}
            </Typography>
            <Box component="ul" aria-label="Websites that will pause" sx={{ m: 0, pl: 2.5 }}>
              {change.data.pausing.map((site) => (
                <li key={site.id}>
                  <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
                    {site.url}
                  </Typography>
                  <Typography variant="body2" component="span">{` (${count(site.dailyHitLimit)} hits a day)`}</Typography>
                </li>
              ))}
            </Box>
            <Typography variant="body2" sx={{ mt: 1 }}>
              They stay listed; buying extra hits or slots later switches them back on.
            </Typography>
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, flexDirection: 'column', alignItems: 'stretch', gap: 1 }}>
        {change.isSuccess && (
          <CheckoutActions
            buyLabel={`Pay by card and ${verb.toLowerCase()}`}
            order={{ kind: 'package', id: pkg.id }}
            item={{ name: pkg.name, price: pkg.price }}
            signedIn
            onSignInRequired={() => {}}
            onOrderCreated={onOrderCreated}
            onPaid={onPaid}
            describedBy={`${id}-title`}
          />
        )}
        <Button onClick={onClose} sx={{ ml: '0 !important' }}>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
