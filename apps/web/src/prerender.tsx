/**
 * The server-side entry of the pre-rendering (scripts/prerender.ts builds it with `vite build --ssr`
 * and runs it after the app's build): renders one public page for a visitor, as the browser's first
 * render would, and collects the Emotion styles that render inserted, so the page paints from its
 * HTML and inline critical CSS before the app's JavaScript runs; main.tsx then hydrates it.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './shell/query-client.ts';
import { appRoutes } from './app/routes.tsx';

export { PUBLIC_PAGES } from './app/public-pages.ts';

export interface Rendered {
  /** The markup of #root. */
  html: string;
  /** The Emotion rules the render inserted, in insertion order, and their names (for hydration). */
  css: string;
  ids: string[];
}

export async function renderPage(path: string): Promise<Rendered> {
  const handler = createStaticHandler(appRoutes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirects (${context.status}); only pages that render can be pre-rendered`);
  if (context.statusCode !== 200) throw new Error(`${path} answers ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);

  // `compat`: the server-side cache keeps each inserted rule in `inserted` instead of writing a
  // <style> beside the element, so the rules can go to the head in one tag.
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders queryClient={createQueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
  );
  const rules = Object.entries(cache.inserted).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return { html, css: rules.map(([, rule]) => rule).join(''), ids: rules.map(([id]) => id) };
}
