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

export function App() {
  router ??= createBrowserRouter(appRoutes);
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
