import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AdminUserRow } from '@traffic/shared/schemas/admin.schema';
import { ninehitsApprovalNotice } from '@traffic/shared/ninehits';
import { paths } from '../../../shell/paths.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A customer's websites of the tab's type in a line: how many (opening the customer page, which
 * lists them with 9Hits' state and delivery), how many are paused, and how many 9Hits holds back.
 */
export function WebsitesSummary({ user }: { user: AdminUserRow }) {
  const { websites } = user;
  if (websites.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No websites
      </Typography>
    );
  const paused = websites.filter((site) => site.status === 'PAUSED').length;
  const seo = websites.filter((site) => site.type === 'seo').length;
  const heldBack = websites.filter((site) => ninehitsApprovalNotice(site.ninehits_state) !== null).length;
  const details = [
    paused > 0 ? `${paused} paused` : `${websites.length === 1 ? '' : 'all '}active`.trim(),
    seo > 0 ? `${seo} SEO` : null,
    heldBack > 0 ? `${heldBack} not approved at 9Hits` : null,
  ].filter(Boolean);
  return (
    <>
      <Link
        component={RouterLink}
        to={paths.customer(user.id)}
        aria-label={`${plural(websites.length, 'website', 'websites')} of ${user.username}`}
        sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
      >
        {plural(websites.length, 'website', 'websites')}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {details.join(' · ')}
      </Typography>
    </>
  );
}
