import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The frame of every admin catalogue screen: a page heading, a line on what the screen does, the content. */
export function AdminPage({
  title,
  intro,
  actions,
  children,
  maxWidth = 'lg',
}: {
  title: string;
  intro?: ReactNode;
  /** Beside the heading (search box, links). */
  actions?: ReactNode;
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Container component="main" maxWidth={maxWidth} sx={{ py: { xs: 3, sm: 5 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 3, alignItems: { xs: 'stretch', sm: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <div>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {intro}
            </Typography>
          )}
        </div>
        {actions}
      </Stack>
      {children}
    </Container>
  );
}
