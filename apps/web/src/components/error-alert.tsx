import Alert from '@mui/material/Alert';

/** Why the last try failed, announced as an alert; nothing while there is no message. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert">
      {message}
    </Alert>
  );
}
