/*
 * The modules that root the route-level chunk groups of vite.config.ts, and from which
 * scripts/check-bundle.ts counts what a signed-in page fetches. Paths relative to apps/web.
 */

/** The screen of `/`: its own chunk, its static imports in `core` with index.html's. */
export const LANDING_SCREEN = 'src/features/landing/landing-page.tsx';

/** The signed-in pages held to SIGNED_IN_JS_BUDGET, by path, with the screen their route lazy-loads. */
export const SIGNED_IN_PAGES = {
  '/home': 'src/app/home-route.tsx',
  '/websites': 'src/features/websites/websites-page.tsx',
} as const;
export const SIGNED_IN_SCREENS = Object.values(SIGNED_IN_PAGES);

/** TanStack Query's client: in the shell, and loaded by every public page but the landing page too (app/routes.tsx). */
export const QUERY_CLIENT = 'src/shell/query-client.ts';

/**
 * What the shell lazy-loads as soon as a stored session is confirmed, before any signed-in page can
 * paint: TanStack Query's client, the session's user loader and the signed-in bar. The bar's menus,
 * drawer and popover, the banners and the toasts load when first needed, and /home's charts after
 * its cards paint: none of them is here.
 */
export const SIGNED_IN_SHELL = [QUERY_CLIENT, 'src/app/session/session-user-sync.tsx', 'src/app/layout/signed-in-header.tsx'];

/** The public pages' screens (the landing page aside): pre-rendered at build time, sharing a group. */
export const PUBLIC_SCREENS = [
  'src/features/auth/login-page.tsx',
  'src/features/auth/register-page.tsx',
  'src/features/public-pages/pricings-page.tsx',
  'src/features/public-pages/about-page.tsx',
  'src/features/public-pages/terms-page.tsx',
  'src/features/public-pages/privacy-page.tsx',
];
