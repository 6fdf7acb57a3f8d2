import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import type { QueryClient } from '@tanstack/react-query';
import { QueryProvider } from './query-provider.tsx';
import { SessionProvider } from './session/session-provider.tsx';
import { theme } from '../shell/theme.ts';
import { ToastHost } from '../shell/toast-host.tsx';

/**
 * `queryClient` lets tests start from a clean cache of their own. Without it, TanStack Query and
 * react-toastify load when first needed (see query-provider.tsx, toast-host.tsx): the landing page
 * uses neither (docs/performance.md, the landing page's JavaScript budget).
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
        <ToastHost />
      </QueryProvider>
    </ThemeProvider>
  );
}
