import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/app.tsx';
import { appRoutes } from './app/routes.tsx';
import { unregisterServiceWorkers } from './app/unregister-service-workers.ts';
import { readLoginError, readStoredSession } from './lib/session-store.ts';

unregisterServiceWorkers();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

/** The app; `prerendered` when it takes over a pre-rendered page (app/app.tsx says why it matters). */
const app = (prerendered: boolean) => (
  <StrictMode>
    <App prerendered={prerendered} />
  </StrictMode>
);

/** Loads the lazy screens of the current location's routes into them, as the router would. */
async function loadMatchedScreens() {
  const matches = matchRoutes(appRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/*
 * A public page arrives pre-rendered (scripts/prerender.ts, as a visitor sees it): once its screen
 * is loaded the first render gives the same markup, and React hydrates it. A stored session, or a
 * failed sign-in's message kept for the login page, makes that render differ (a loader, the
 * message): the app then renders afresh, as for every other page.
 *
 * Hydrated as a transition: React then hydrates in slices of a few milliseconds, giving the
 * browser its main thread back in between (a plain hydrateRoot does the whole page in one task,
 * which a phone's browser cannot interrupt for a tap or a scroll). The page is already on screen.
 */
if (container.firstElementChild && !readStoredSession() && !readLoginError()) {
  void loadMatchedScreens().then(() => startTransition(() => void hydrateRoot(container, app(true))));
} else {
  createRoot(container).render(app(false));
}
