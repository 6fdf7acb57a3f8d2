import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { CenteredMessage } from '../components/centered-message.tsx';
import { paths } from '../shell/paths.ts';

export function NotFoundPage() {
  return (
    <CenteredMessage title="Page not found">
      <Button variant="contained" component={RouterLink} to={paths.landing()}>
        Back to the home page
      </Button>
    </CenteredMessage>
  );
}
