import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { Link as RouterLink, useLocation, matchPath } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import { paths, routes } from '../../shell/paths.ts';
import { mustUpdateDetails, useSession } from '../../shell/session/session-context.ts';

/**
 * docs/product.md section 2: a signed-in customer without a saved address sees this on every page but /update.
 * It cannot be dismissed: the details are needed (checkout sends them to the card gateway).
 * Administrators buy nothing, so they are never asked (docs/decisions/0019-admin-details-exempt.md).
 */
export function UpdateDetailsPrompt() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const open = user !== null && mustUpdateDetails(user) && !matchPath(routes.update.pattern, pathname);

  return (
    <Dialog open={open} aria-labelledby="update-details-prompt-title">
      <DialogTitle id="update-details-prompt-title">{MSG.updateDetailsPopup}</DialogTitle>
      <DialogActions>
        <Button variant="contained" component={RouterLink} to={paths.update()}>
          Update
        </Button>
      </DialogActions>
    </Dialog>
  );
}
