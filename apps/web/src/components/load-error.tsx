import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A list that could not be loaded, with a way to ask again. */
export function LoadError({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert
      severity="error"
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
