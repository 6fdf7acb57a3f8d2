import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import type { PackageType } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../../../app/paths.ts';

interface AccountNoticesProps {
  type: PackageType;
  deactivated: boolean;
  expired: boolean;
}

/** docs/product.md section 2: a deactivated account, and an expired subscription of the chosen type. */
export function AccountNotices({ type, deactivated, expired }: AccountNoticesProps) {
  if (!deactivated && !expired) return null;
  const toPricing = (
    <Button color="inherit" size="small" component={RouterLink} to={paths.pricing(type)} sx={{ whiteSpace: 'nowrap' }}>
      See packages
    </Button>
  );
  return (
    <Stack spacing={2}>
      {deactivated && (
        <Alert severity="error" action={expired ? undefined : toPricing}>
          {MSG.accountDeactivated}
        </Alert>
      )}
      {expired && (
        <Alert severity="warning" action={toPricing}>
          {MSG.subscriptionExpired}
        </Alert>
      )}
    </Stack>
  );
}
