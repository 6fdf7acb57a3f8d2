import { Suspense } from 'react';
import LinearProgress from '@mui/material/LinearProgress';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';

export function RootLayout() {
  // While the next screen's code loads, the current one stays up with a bar on top of it.
  const navigating = useNavigation().state === 'loading';
  return (
    <>
      {navigating && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
        />
      )}
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
