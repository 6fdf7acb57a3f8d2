import { useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { TOAST_MS } from '@traffic/shared/constants';
import { createQueryClient } from './query-client.ts';
import { SessionProvider } from './session/session-provider.tsx';
import { theme } from './theme.ts';

/** `queryClient` lets tests start from a clean cache of their own. */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <SessionProvider>{children}</SessionProvider>
        <ToastContainer position="top-left" autoClose={TOAST_MS} theme="dark" newestOnTop />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
