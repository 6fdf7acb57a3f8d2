import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** Where a list or a screen's content would be, when it has nothing to show; `action` is the one way on. */
export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Typography variant="h6" component="p" gutterBottom={Boolean(children)}>
        {title}
      </Typography>
      {children && <Typography color="text.secondary">{children}</Typography>}
      {action && <Stack sx={{ mt: 2.5, alignItems: 'center' }}>{action}</Stack>}
    </Paper>
  );
}
