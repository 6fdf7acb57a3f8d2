import Button from '@mui/material/Button';
import type { StatusAction } from '../use-user-status.ts';

interface UserStatusButtonProps {
  action: StatusAction;
  username: string;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
}

const LABEL = { activate: 'Activate', deactivate: 'Deactivate' } as const;

/** 'Activate' or 'Deactivate'; its accessible name says whom it acts on. */
export function UserStatusButton({ action, username, onClick, disabled = false, loading = false }: UserStatusButtonProps) {
  return (
    <Button
      size="small"
      variant={action === 'deactivate' ? 'outlined' : 'contained'}
      color={action === 'deactivate' ? 'error' : 'success'}
      onClick={onClick}
      disabled={disabled}
      loading={loading}
      aria-label={`${LABEL[action]} ${username}`}
    >
      {LABEL[action]}
    </Button>
  );
}
