import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A list that could not be loaded, with a way to ask again (an error unless `severity` says a lesser one). */
export function LoadError({
  message,
  onRetry,
  retrying = false,
  severity = 'error',
  sx,
}: { message: string; onRetry: () => void; retrying?: boolean } & Pick<AlertProps, 'severity' | 'sx'>) {
  return (
    <Alert
      severity={severity}
      sx={sx}
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
