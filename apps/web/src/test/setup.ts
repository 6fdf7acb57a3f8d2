import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Screens are lazy routes: on a busy 2-core machine their first render can take over a second,
// Testing Library's default wait. The assertions are the same; they may just wait longer.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The session lives in browser storage; each test starts signed out.
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom has no layout, and the router's scroll restoration would report that on every render.
window.scrollTo = () => {};

// The app shell loads some of its parts on demand (TanStack Query, the signed-in bar, the toast
// container: see app/query-provider.tsx). Loading them once here keeps their first load out of
// each test's findBy timeouts, as when they were static imports. (Not session-user-sync.tsx: it
// imports reload-page.ts, which tests mock.)
await Promise.all([
  import('../shell/query-client.ts'),
  import('../app/layout/signed-in-header.tsx'),
  import('../app/layout/update-details-prompt.tsx'),
  import('../app/layout/navigation-progress.tsx'),
  import('../shell/toast-container.tsx'),
]);
