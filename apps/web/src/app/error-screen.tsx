import ButtonBase from '@mui/material/ButtonBase';
import { plainButtonSx } from '../components/plain-button.tsx';
import { GENERIC_ERROR } from '@traffic/shared/generic-error';
import { CenteredMessage } from '../components/centered-message.tsx';

/** docs/product.md's generic error screen: shown for any error a route does not handle itself. */
export function ErrorScreen() {
  return (
    <CenteredMessage title={GENERIC_ERROR}>
      {/* A full page load, not a client navigation: it also clears whatever state broke. */}
      <ButtonBase href="/" sx={plainButtonSx('contained')}>
        Back to the home page
      </ButtonBase>
    </CenteredMessage>
  );
}
