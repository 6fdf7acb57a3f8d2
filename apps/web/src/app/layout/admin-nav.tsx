import { useQuery } from '@tanstack/react-query';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { securityApi } from '@traffic/shared/contract/security';
import { call } from '../../lib/api-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { adminSections, type NavSection } from '../nav-links.ts';
import { paths } from '../../shell/paths.ts';

/** What an admin who must still turn two-factor sign-in on can open: Account security only (every admin route refuses them). */
const enrolSections: readonly NavSection[] = [{ title: 'Security', links: [{ label: 'Account security', to: paths.security() }] }];

/**
 * The admin's navigation for the side panel and the phone drawer. Where the server requires
 * two-factor sign-in of admins and this one has not turned it on, the admin screens answer
 * TWO_FACTOR_REQUIRED and send them back to Account security (docs/decisions/0023-account-security.md):
 * they are offered only what they can use, with `enrolFirst` set so the panel says why. Read from
 * the account's own security overview (the same cache as Account security, so enabling two-factor
 * there brings the whole panel back).
 */
export function useAdminSections(enabled = true): { sections: readonly NavSection[]; enrolFirst: boolean } {
  const overview = useQuery({ queryKey: queryKeys.accountSecurity.overview, queryFn: () => call(securityApi.overview), enabled });
  const twoFactor = overview.data?.twoFactor;
  const enrolFirst = twoFactor !== undefined && twoFactor.required && !twoFactor.enabled;
  return { sections: enrolFirst ? enrolSections : adminSections, enrolFirst };
}

/** The one line that says why the panel holds only Account security. */
export function EnrolFirstNote() {
  return (
    <Typography variant="body2" color="text.secondary" role="note" sx={{ px: 2, py: 1.5 }}>
      Turn on two-factor sign-in on{' '}
      <Link component={RouterLink} to={paths.security()}>
        Account security
      </Link>{' '}
      to use the admin screens.
    </Typography>
  );
}
