import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type PageHeaderProps = {
  overline: string;
  title: string;
  children?: ReactNode;
};

/** The opening band of a public page: a glow behind one top-level heading and a lead paragraph. */
export function PageHeader({ overline, title, children }: PageHeaderProps) {
  return (
    <Box
      component="header"
      sx={{
        pt: { xs: 8, md: 12 },
        pb: { xs: 5, md: 8 },
        background: 'radial-gradient(ellipse at top, rgba(96, 165, 250, 0.18), transparent 60%)',
      }}
    >
      <Container maxWidth="md">
        <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Typography variant="overline" color="primary" sx={{ letterSpacing: 2 }}>
            {overline}
          </Typography>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800 }}>
            {title}
          </Typography>
          {children && (
            <Typography variant="h6" component="p" color="text.secondary" sx={{ maxWidth: 680, fontWeight: 400 }}>
              {children}
            </Typography>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
