import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { adminLinks } from '../../app/nav-links.ts';

/** The admin's /home until the dashboard (counts, expiring users, latest websites) is built: the way in to each admin screen. */
export function AdminHome() {
  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 3, sm: 6 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Admin dashboard
      </Typography>
      <nav aria-label="Admin screens">
        <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {adminLinks.map((link) => (
            <Grid key={link.to} component="li" size={{ xs: 12, sm: 6, md: 4 }}>
              <Button component={RouterLink} to={link.to} variant="outlined" fullWidth sx={{ py: 1.5 }}>
                {link.label}
              </Button>
            </Grid>
          ))}
        </Grid>
      </nav>
    </Container>
  );
}
