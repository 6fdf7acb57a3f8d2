import Chip, { type ChipProps } from '@mui/material/Chip';

const COLORS: Record<string, ChipProps['color']> = {
  ACTIVE: 'success',
  PAUSED: 'warning',
  INACTIVE: 'default',
  DEACTIVATED: 'error',
  CLOSED: 'default',
};

/** A user's or a website's status, as the server spells it, coloured by what it means. */
export function StatusChip({ status }: { status: string }) {
  return <Chip label={status} size="small" variant="outlined" color={COLORS[status] ?? 'default'} />;
}
