import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { ErrorScreen } from './error-screen.tsx';
import type { RouteHandle } from './guard/route-guard.tsx';
import { routes, type RouteId } from '../shell/paths.ts';
import { loadQueryClient } from './query-provider.tsx';
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
  pricing: async () => (await import('../features/pricing/pricing-page.tsx')).PricingPage,
  pricings: async () => (await import('../features/public-pages/pricings-page.tsx')).default,
  home: async () => (await import('./home-route.tsx')).HomePage,
  traffic: async () => (await import('../features/traffic/traffic-page.tsx')).TrafficPage,
  websites: async () => (await import('../features/websites/websites-page.tsx')).WebsitesPage,
  addWebsite: async () => (await import('../features/websites/create-website-page.tsx')).AddWebsitePage,
  createWebsite: async () => (await import('../features/websites/create-website-page.tsx')).CreateWebsitePage,
  editNormalWebsite: async () => (await import('../features/websites/edit-website-page.tsx')).EditWebsitePage,
  editWebsite: async () => (await import('../features/websites/edit-website-page.tsx')).EditWebsitePage,
  viewWebsite: async () => (await import('../features/websites/view-website-page.tsx')).ViewWebsitePage,
  update: async () => (await import('../features/account/update-details-page.tsx')).UpdateDetailsPage,
  support: async () => (await import('../features/support/support-page.tsx')).SupportPage,
  billing: async () => (await import('../features/billing/billing-page.tsx')).BillingPage,
  security: async () => (await import('../features/account/security-page.tsx')).SecurityPage,
  apiAccess: async () => (await import('../features/account/api-access-page.tsx')).ApiAccessPage,
  purchase: async () => (await import('../features/purchase/purchase-page.tsx')).PurchasePage,
  purchaseAddon: async () => (await import('../features/purchase/purchase-addon-page.tsx')).PurchaseAddonPage,
  cancel: async () => (await import('../features/public-pages/cancel-page.tsx')).default,
  tos: async () => (await import('../features/public-pages/terms-page.tsx')).default,
  privacy: async () => (await import('../features/public-pages/privacy-page.tsx')).default,
  about: async () => (await import('../features/public-pages/about-page.tsx')).default,
  // Admin catalogue: lazy like every screen, so none of it reaches a customer's browser.
  adminAddPackage: async () => (await import('../features/admin-catalogue/add-package-page.tsx')).AddPackagePage,
  addPackage: async () => (await import('../features/admin-catalogue/add-package-page.tsx')).AddPackagePage,
  addHits: async () => (await import('../features/admin-catalogue/add-addon-page.tsx')).AddHitsPage,
  addSlots: async () => (await import('../features/admin-catalogue/add-addon-page.tsx')).AddSlotsPage,
  addUserPackage: async () => (await import('../features/admin-catalogue/grant-package-page.tsx')).GrantPackagePage,
  addUserExtension: async () => (await import('../features/admin-catalogue/grant-addon-page.tsx')).GrantAddonPage,
  editPackage: async () => (await import('../features/admin-catalogue/edit-packages-page.tsx')).EditPackagesPage,
  editHits: async () => (await import('../features/admin-catalogue/edit-addons-page.tsx')).EditHitsPage,
  editSlots: async () => (await import('../features/admin-catalogue/edit-addons-page.tsx')).EditSlotsPage,
  manageSubscriptions: async () => (await import('../features/admin-catalogue/package-details-page.tsx')).PackageDetailsPage,
  // Admin console: its own chunks, like the catalogue.
  users: async () => (await import('../features/admin-console/users/users-page.tsx')).UsersPage,
  customer: async () => (await import('./admin-customer-route.tsx')).CustomerPage,
  adminPayments: async () => (await import('../features/admin-payments/payments-page.tsx')).PaymentsPage,
  adminAuditLog: async () => (await import('../features/admin-audit/audit-log-page.tsx')).AuditLogPage,
  addNotifications: async () => (await import('../features/admin-console/notifications/add-notification-page.tsx')).AddNotificationPage,
};

/**
 * Screens that render without TanStack Query. Every other screen's route also waits for it (it is
 * loaded on demand, see query-provider.tsx), which keeps it off the landing page.
 */
const withoutQueries: ReadonlySet<RouteId> = new Set(['landing']);

async function loadScreen(routeId: RouteId) {
  const [Component] = await Promise.all([(screens[routeId] ?? notFound)(), withoutQueries.has(routeId) ? null : loadQueryClient()]);
  return Component;
}

/** One route per row of paths.ts, each carrying its id so RouteGuard applies that row's rule. */
const tableRoutes: RouteObject[] = (Object.keys(routes) as RouteId[]).map((routeId) => ({
  path: routes[routeId].pattern,
  handle: { routeId } satisfies RouteHandle,
  lazy: async () => ({ Component: await loadScreen(routeId) }),
}));

export const appRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: ErrorScreen,
    HydrateFallback: FullPageLoader,
    children: [...tableRoutes, { path: '*', lazy: async () => ({ Component: await notFound() }) }],
  },
];
