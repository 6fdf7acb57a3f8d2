import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Website } from '@traffic/shared/schemas/accounts.schema';
import { NinehitsApproval } from './ninehits-approval.tsx';
import { WebsiteDetails } from './website-details.tsx';

/**
 * A website at a glance: its address as a heading with Active or Paused, 9Hits' review, and what it
 * is set to. The customer's card and the admin's View Website both show it.
 */
export function WebsiteSummary({ website, headingId, headingLevel }: { website: Website; headingId?: string; headingLevel: 'h2' | 'h3' }) {
  const active = website.status === 'ACTIVE';
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5, minWidth: 0 }}>
        <Typography id={headingId} variant="h6" component={headingLevel} sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {website.url}
        </Typography>
        <Chip size="small" color={active ? 'success' : 'default'} label={active ? 'Active' : 'Paused'} />
      </Stack>
      <NinehitsApproval state={website.ninehits_state} />
      <WebsiteDetails website={website} />
    </>
  );
}
