import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PageHeader } from './components/page-header.tsx';
import { TERMS_SECTIONS } from './components/terms-sections.tsx';

export default function TermsPage() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', pb: { xs: 6, md: 10 } }}>
      <PageHeader overline="Legal" title="Terms of Service">
        These terms apply to everyone who visits the site, creates an account or buys a package. By registering or making a purchase you
        accept them. When we change them in a way that matters, we tell you in the app before the change takes effect.
      </PageHeader>

      <Container maxWidth="lg">
        <Grid container spacing={{ xs: 4, md: 6 }}>
          <Grid size={{ xs: 12, md: 3 }}>
            <Box component="nav" aria-label="Sections" sx={{ position: { md: 'sticky' }, top: { md: 24 } }}>
              <Typography variant="overline" color="text.secondary">
                On this page
              </Typography>
              <Box
                component="ol"
                sx={{
                  m: 0,
                  p: 0,
                  listStyle: 'none',
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: '1fr' },
                  gap: 1,
                }}
              >
                {TERMS_SECTIONS.map((section, index) => (
                  <li key={section.id}>
                    <Link href={`#${section.id}`} underline="hover" color="text.secondary" variant="body2">
                      {index + 1}. {section.title}
                    </Link>
                  </li>
                ))}
              </Box>
            </Box>
          </Grid>

          <Grid size={{ xs: 12, md: 9 }}>
            <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 } }}>
              <Stack spacing={{ xs: 4, md: 5 }}>
                {TERMS_SECTIONS.map((section, index) => (
                  <Box
                    key={section.id}
                    component="section"
                    id={section.id}
                    aria-labelledby={`${section.id}-heading`}
                    sx={{ scrollMarginTop: 24 }}
                  >
                    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'baseline', mb: 1.5 }}>
                      <Typography aria-hidden color="primary" sx={{ fontWeight: 700, minWidth: 28 }}>
                        {String(index + 1).padStart(2, '0')}
                      </Typography>
                      <Typography id={`${section.id}-heading`} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
                        {section.title}
                      </Typography>
                    </Stack>
                    <Stack spacing={1.5}>{section.body}</Stack>
                  </Box>
                ))}
              </Stack>
            </Paper>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
