import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { Link as RouterLink, useLocation, matchPath } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import { paths, routes } from '../paths.ts';
import { hasMissingDetails, useSession } from '../session/session-context.ts';

/**
 * docs/product.md section 2: a signed-in user without a saved address sees this on every page but /update.
 * It cannot be dismissed: the details are needed (checkout sends them to the card gateway).
 */
export function UpdateDetailsPrompt() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const open = user !== null && hasMissingDetails(user) && !matchPath(routes.update.pattern, pathname);

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
