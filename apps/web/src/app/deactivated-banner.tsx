import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router';
import { MSG } from '@traffic/shared/messages';
import { paths } from '../shell/paths.ts';
import { isAdminView, useSession } from '../shell/session/session-context.ts';

/**
 * A deactivated customer reads so on every signed-in page, once (docs/product.md section 10,
 * "Screens tell the truth"). Only an administrator's Activate lifts it, so the way out offered is
 * Support, not a purchase.
 */
export function DeactivatedBanner() {
  const { user } = useSession();
  if (!user || isAdminView(user) || user.status !== 'DEACTIVATED') return null;
  return (
    <Container maxWidth="lg" sx={{ pt: 2 }}>
      <Alert
        severity="error"
        role="status"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={paths.support()} sx={{ whiteSpace: 'nowrap' }}>
            Contact support
          </Button>
        }
      >
        {MSG.accountDeactivated}
      </Alert>
    </Container>
  );
}
