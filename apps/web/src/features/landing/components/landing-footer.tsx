import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { VERSION_LABEL } from '@traffic/shared/constants';
import { paths } from '../../../app/paths.ts';

export function LandingFooter() {
  return (
    <footer>
      <Divider />
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ py: 3, alignItems: 'center', justifyContent: 'space-between' }}>
          <Link component={RouterLink} to={paths.tos()} color="text.secondary" underline="hover">
            Terms of Service
          </Link>
          <Typography variant="caption" color="text.secondary">
            {VERSION_LABEL}
          </Typography>
        </Stack>
      </Container>
    </footer>
  );
}
