import { lazy, Suspense, useEffect } from 'react';
import { ScrollRestoration, useNavigation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { RouteGuard } from './guard/route-guard.tsx';
import { useTwoFactorRequiredRedirect } from './guard/two-factor-redirect.ts';
import { AppHeader, loadSignedInHeader } from './layout/app-header.tsx';
import { isAdminView, mustUpdateDetails, useSession } from '../shell/session/session-context.ts';

const NavigationProgress = lazy(async () => ({ default: (await import('./layout/navigation-progress.tsx')).NavigationProgress }));
// Signed-in users only, and only those they concern: chunks of their own, so neither the landing
// page nor a signed-in page's first paint loads MUI's Dialog or Alert for nothing.
// Administrators only: the back-office frame with its side navigation.
const AdminFrame = lazy(() => import('./layout/admin-frame.tsx'));
const DeactivatedBanner = lazy(async () => ({ default: (await import('./deactivated-banner.tsx')).DeactivatedBanner }));
const UpdateDetailsPrompt = lazy(async () => ({ default: (await import('./layout/update-details-prompt.tsx')).UpdateDetailsPrompt }));

export function RootLayout() {
  const { status, user } = useSession();
  // While the next screen's code loads, the current one stays up with a bar on top of it.
  const navigating = useNavigation().state === 'loading';
  useTwoFactorRequiredRedirect();
  // A stored session is being confirmed: fetch the signed-in bar's code meanwhile.
  useEffect(() => {
    if (status === 'loading') void loadSignedInHeader();
  }, [status]);

  // Until the stored session is confirmed (or being thrown away), no guard can decide anything.
  if (status === 'loading' || status === 'failed') return <FullPageLoader />;

  return (
    <>
      {navigating && (
        <Suspense fallback={null}>
          <NavigationProgress />
        </Suspense>
      )}
      <AppHeader />
      {user && !isAdminView(user) && user.status === 'DEACTIVATED' && (
        <Suspense fallback={null}>
          <DeactivatedBanner />
        </Suspense>
      )}
      <Suspense fallback={<FullPageLoader />}>
        {user && isAdminView(user) ? (
          <AdminFrame>
            <RouteGuard />
          </AdminFrame>
        ) : (
          <RouteGuard />
        )}
      </Suspense>
      {user && mustUpdateDetails(user) && (
        <Suspense fallback={null}>
          <UpdateDetailsPrompt />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
