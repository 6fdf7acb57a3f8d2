import Alert from '@mui/material/Alert';
import { ninehitsApprovalNotice } from '@traffic/shared/ninehits';

/**
 * Says so when 9Hits has not approved the website's campaign (it then receives no traffic): waiting
 * for approval, rejected, or any other state 9Hits reports. Nothing for an approved campaign.
 */
export function NinehitsApproval({ state }: { state: string | null }) {
  const notice = ninehitsApprovalNotice(state);
  if (!notice) return null;
  return (
    <Alert severity={notice.tone === 'waiting' ? 'info' : 'warning'} variant="outlined" sx={{ mb: 1.5 }}>
      <strong>{notice.label}.</strong> {notice.detail}
    </Alert>
  );
}
