import { Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { ScrollRestoration, useNavigation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { RouteGuard } from './guard/route-guard.tsx';
import { AppHeader } from './layout/app-header.tsx';
import { UpdateDetailsPrompt } from './layout/update-details-prompt.tsx';
import { useSession } from './session/session-context.ts';

export function RootLayout() {
  const { status } = useSession();
  // While the next screen's code loads, the current one stays up with a bar on top of it.
  const navigating = useNavigation().state === 'loading';

  // Until the stored session is confirmed (or being thrown away), no guard can decide anything.
  if (status === 'loading' || status === 'failed') return <FullPageLoader />;

  return (
    <>
      {navigating && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
        />
      )}
      <AppHeader />
      <Suspense fallback={<FullPageLoader />}>
        <RouteGuard />
      </Suspense>
      <UpdateDetailsPrompt />
      <ScrollRestoration />
    </>
  );
}
