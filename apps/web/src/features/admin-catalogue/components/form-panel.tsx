import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';

interface FormPanelProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  busy: boolean;
  /** Why the server refused the last try (e.g. "A package with id pkgGold already exists."), under the product's toast. */
  serverMessage?: string | null;
  children: ReactNode;
}

/** The card every admin form sits in: its fields, the server's reason for a refusal, one submit button. */
export function FormPanel({ label, onSubmit, submitLabel, busy, serverMessage, children }: FormPanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3.5 } }}>
      <Stack component="form" spacing={2.5} noValidate onSubmit={onSubmit} aria-label={label} aria-busy={busy}>
        {children}
        {serverMessage && (
          <Alert severity="error" variant="outlined">
            {serverMessage}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" loading={busy} sx={{ alignSelf: { sm: 'flex-start' }, minWidth: 180 }}>
          {submitLabel}
        </Button>
      </Stack>
    </Paper>
  );
}
