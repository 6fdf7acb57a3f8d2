import Chip from '@mui/material/Chip';
import { ninehitsApprovalNotice } from '@traffic/shared/ninehits';

/** For the admin: a website whose 9Hits campaign is not approved (and so receives no traffic) is marked as such. */
export function NinehitsStateChip({ state }: { state: string | null }) {
  const notice = ninehitsApprovalNotice(state);
  if (!notice) return null;
  return <Chip label={notice.label} size="small" color={notice.tone === 'waiting' ? 'info' : 'error'} variant="outlined" />;
}
