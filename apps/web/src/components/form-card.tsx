import type { ReactNode } from 'react';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The frame of the account forms: a titled card centred on the page. */
export function FormCard({
  title,
  subtitle,
  children,
  maxWidth = 'sm',
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
}) {
  return (
    <Container component="main" maxWidth={maxWidth} sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Container>
  );
}
