import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './providers.tsx';
import { appRoutes } from './routes.tsx';

/*
 * Made on the first render, not when this module loads: main.tsx first loads the screen of a
 * pre-rendered page into its route, so the router starts with it and the first render matches the
 * page's HTML.
 */
let router: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * `prerendered`: the app takes over a pre-rendered page (start.tsx). The router is then told it
 * hydrates (with no data: the screens load none before their first render), which keeps its
 * scroll restoration from scrolling to the top on start: a visitor who had scrolled the page
 * while its code loaded was thrown back up, and a tap on a link down the page landed elsewhere.
 */
export function App({ prerendered = false }: { prerendered?: boolean }) {
  router ??= createBrowserRouter(appRoutes, prerendered ? { hydrationData: {} } : undefined);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
