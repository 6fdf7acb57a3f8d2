import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { VERSION_LABEL } from '@traffic/shared/version';
import { paths } from '../../../shell/paths.ts';

function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <Typography
      component={RouterLink}
      to={to}
      color="text.secondary"
      sx={{ textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } }}
    >
      {children}
    </Typography>
  );
}

export function LandingFooter() {
  return (
    // A border and a plain styled link: the landing page loads no Divider or Link module of its own.
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider' }}>
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ py: 3, alignItems: 'center', justifyContent: 'space-between' }}>
          <Stack direction="row" spacing={3}>
            <FooterLink to={paths.about()}>About Us</FooterLink>
            <FooterLink to={paths.tos()}>Terms of Service</FooterLink>
            <FooterLink to={paths.privacy()}>Your data</FooterLink>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {VERSION_LABEL}
          </Typography>
        </Stack>
      </Container>
    </Box>
  );
}
