import Button from '@mui/material/Button';
import { MSG } from '@traffic/shared/messages';
import { CenteredMessage } from '../components/centered-message.tsx';

/** docs/product.md's generic error screen: shown for any error a route does not handle itself. */
export function ErrorScreen() {
  return (
    <CenteredMessage title={MSG.genericError}>
      {/* A full page load, not a client navigation: it also clears whatever state broke. */}
      <Button variant="contained" href="/">
        Back to the home page
      </Button>
    </CenteredMessage>
  );
}
