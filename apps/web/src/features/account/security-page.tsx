import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { isAdminView, useSignedInUser } from '../../shell/session/index.ts';
import { isTwoFactorRequired } from '../../lib/two-factor-required.ts';
import { AccessTokensSection } from './components/security/access-tokens-section.tsx';
import { ChangePasswordSection } from './components/security/change-password-section.tsx';
import { SecurityActivitySection } from './components/security/security-activity-section.tsx';
import { SessionsSection } from './components/security/sessions-section.tsx';
import { TwoFactorSection } from './components/security/two-factor-section.tsx';
import { YourDataSections } from './components/security/your-data-section.tsx';
import { PageLayout } from '../../components/page-layout.tsx';

/**
 * /security, for every signed-in account: two-factor sign-in, the password, the sessions and the
 * account's security events (docs/decisions/0023-account-security.md). Its own page because Update
 * details (/update) is open only while a customer's details are missing.
 */
export function SecurityPage() {
  const user = useSignedInUser();
  // An admin screen answered TWO_FACTOR_REQUIRED and the app sent the admin here (app/guard/two-factor-redirect.ts).
  const twoFactorRequired = isTwoFactorRequired(useSearchParams()[0]);
  return (
    <PageLayout
      title="Account security"
      lead={
        isAdminView(user)
          ? 'Protect your account with a second step at sign-in, change your password, and see where you are signed in.'
          : 'Protect your account with a second step at sign-in, change your password, see where you are signed in, and manage the access tokens your scripts use.'
      }
      maxWidth="md"
      space={5}
    >
      <Stack spacing={0}>
        <TwoFactorSection email={user.email} requiredNotice={twoFactorRequired} />
        <ChangePasswordSection />
        <SessionsSection />
        {!isAdminView(user) && <AccessTokensSection />}
        <SecurityActivitySection />
        <YourDataSections customer={!isAdminView(user)} />
      </Stack>
    </PageLayout>
  );
}
