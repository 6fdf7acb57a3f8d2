import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { externalLinks } from '../../../shell/links.ts';
import { paths } from '../../../shell/paths.ts';
import { plainButtonSx } from '../../../components/plain-button.tsx';

export function HeroSection() {
  return (
    <Box
      component="section"
      sx={{
        pt: { xs: 10, md: 16 },
        pb: { xs: 8, md: 12 },
        background: 'radial-gradient(ellipse at top, rgba(96, 165, 250, 0.18), transparent 60%)',
      }}
    >
      <Container maxWidth="md">
        <Stack spacing={4} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Typography variant="overline" color="primary" sx={{ letterSpacing: 2 }}>
            Website traffic, delivered daily
          </Typography>
          <Typography variant="h2" component="h1" sx={{ fontWeight: 800 }}>
            Buy website traffic that arrives every single day
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ maxWidth: 640 }}>
            Pick a monthly package of hits per day and website slots, add your sites, and choose where the visitors come from. Delivery runs
            through the 9Hits network, targeted to the countries you pick.
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            <ButtonBase component={RouterLink} to={paths.home()} sx={plainButtonSx('contained', 'large')}>
              Get Started
              <ArrowForwardIcon />
            </ButtonBase>
            <ButtonBase href={externalLinks.blog} target="_blank" rel="noopener noreferrer" sx={plainButtonSx('outlined', 'large')}>
              Read our blog
              <OpenInNewIcon />
            </ButtonBase>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
