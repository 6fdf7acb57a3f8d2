import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { ErrorScreen } from './error-screen.tsx';
import type { RouteHandle } from './guard/route-guard.tsx';
import { routes, type RouteId } from './paths.ts';
import { RootLayout } from './root-layout.tsx';

type Screen = () => Promise<ComponentType>;

const notFound: Screen = async () => (await import('./not-found-page.tsx')).NotFoundPage;

/*
 * The screens built so far; each is its own chunk. A row of the table without a screen still gets
 * its route and its guard, and shows "Page not found" until its screen exists.
 */
const screens: Partial<Record<RouteId, Screen>> = {
  landing: async () => (await import('../features/landing/landing-page.tsx')).LandingPage,
  login: async () => (await import('../features/auth/login-page.tsx')).LoginPage,
  register: async () => (await import('../features/auth/register-page.tsx')).RegisterPage,
  forgotPassword: async () => (await import('../features/auth/forgot-password-page.tsx')).ForgotPasswordPage,
  pricings: async () => (await import('../features/public-pages/pricings-page.tsx')).default,
  home: async () => (await import('../features/home/home-page.tsx')).HomePage,
  update: async () => (await import('../features/account/update-details-page.tsx')).UpdateDetailsPage,
  cancel: async () => (await import('../features/public-pages/cancel-page.tsx')).default,
  tos: async () => (await import('../features/public-pages/terms-page.tsx')).default,
  about: async () => (await import('../features/public-pages/about-page.tsx')).default,
};

/** One route per row of paths.ts, each carrying its id so RouteGuard applies that row's rule. */
const tableRoutes: RouteObject[] = (Object.keys(routes) as RouteId[]).map((routeId) => ({
  path: routes[routeId].pattern,
  handle: { routeId } satisfies RouteHandle,
  lazy: async () => ({ Component: await (screens[routeId] ?? notFound)() }),
}));

export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: ErrorScreen,
    HydrateFallback: FullPageLoader,
    children: [...tableRoutes, { path: '*', lazy: async () => ({ Component: await notFound() }) }],
  },
];
