import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A whole-page message with an action under it, for screens that replace the app's content. */
export function CenteredMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxWidth="sm">
      <Stack spacing={3} sx={{ minHeight: '80vh', alignItems: 'center', justifyContent: 'center', textAlign: 'center' }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {children}
      </Stack>
    </Container>
  );
}
