import type { RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { routes } from './paths.ts';
import { RootLayout } from './root-layout.tsx';

/*
 * Only screens that exist are registered; every other path of the table falls to "Page not found".
 * Each screen is its own chunk. Access rules live in paths.ts; guards read them from there.
 */
export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: ErrorScreen,
    HydrateFallback: FullPageLoader,
    children: [
      {
        path: routes.landing.pattern,
        lazy: async () => ({ Component: (await import('../features/landing/landing-page.tsx')).LandingPage }),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./not-found-page.tsx')).NotFoundPage }),
      },
    ],
  },
];
