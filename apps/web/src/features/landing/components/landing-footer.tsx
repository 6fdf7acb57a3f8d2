import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { VERSION_LABEL } from '@traffic/shared/version';
import { paths } from '../../../app/paths.ts';

export function LandingFooter() {
  return (
    // A border and a plain styled link: the landing page loads no Divider or Link module of its own.
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ py: 3, alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography
            component={RouterLink}
            to={paths.tos()}
            color="text.secondary"
            sx={{ textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } }}
          >
            Terms of Service
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {VERSION_LABEL}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
