import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Where a list would be, when it has nothing to show. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography variant="h6" component="p" gutterBottom={Boolean(children)}>
        {title}
      </Typography>
      {children && <Typography color="text.secondary">{children}</Typography>}
    </Paper>
  );
}
