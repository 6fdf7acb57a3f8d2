import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import type { PackageType } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../../shell/paths.ts';
import { longDate, type TypeState } from '../../../lib/subscription.ts';

interface AccountNoticesProps {
  type: PackageType;
  /** The user's status: ACTIVE, INACTIVE (no package bought yet) or DEACTIVATED. */
  status: string;
  state: TypeState;
}

/**
 * docs/product.md section 10, "Screens tell the truth": an expired subscription of the chosen type
 * reads the expired text, once. The deactivated text is for DEACTIVATED accounts only, in the banner
 * every signed-in page shows, so not again here; an INACTIVE account (nothing bought yet) is never
 * told it is deactivated: the page's empty state says it has no package of the type yet and how to
 * get one. A type never bought is not "expired" either.
 */
export function AccountNotices({ type, status, state }: AccountNoticesProps) {
  const toPricing = (
    <Button color="inherit" size="small" component={RouterLink} to={paths.pricing(type)} sx={{ whiteSpace: 'nowrap' }}>
      See packages
    </Button>
  );
  if (status !== 'ACTIVE') return null;
  if (state.kind !== 'expired') return null;
  const ended = state.subscription.endsAt;
  return (
    <Alert severity="warning" action={toPricing}>
      <span>{MSG.subscriptionExpired}</span>
      {ended && (
        <Box
          component="span"
          sx={{ display: 'block', mt: 0.5 }}
        >{`Your ${state.subscription.package.name} package ended on ${longDate.format(ended)}.`}</Box>
      )}
    </Alert>
  );
}
