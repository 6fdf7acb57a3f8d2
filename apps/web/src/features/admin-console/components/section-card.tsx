import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** A titled region of an admin screen; the title names the region for assistive tech. */
export function SectionCard({
  title,
  subtitle,
  action,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack direction="row" spacing={2} sx={{ px: 2.5, pt: 2, pb: 1.5, alignItems: 'center', justifyContent: 'space-between' }}>
        <div>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </div>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}
