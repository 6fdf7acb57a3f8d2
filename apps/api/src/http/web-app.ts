import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError } from '../core/app-error.ts';

const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The public pages the web build pre-rendered (its scripts/prerender.ts): path → file under the
 * web root. None when the build has none.
 */
function prerenderedPages(webRoot: string): Map<string, string> {
  const index = `${webRoot}/pages/index.json`;
  if (!existsSync(index)) return new Map();
  const pages = JSON.parse(readFileSync(index, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(pages).filter(([, file]) => existsSync(`${webRoot}/${file}`)));
}

/**
 * Serves the built web app, compressed where the browser accepts it. Hashed assets are cached for a year. A public page the build
 * pre-rendered (/, /login…) gets its static HTML when asked without a query; every other path that
 * is not an API or sandbox call gets index.html, so client-side routes survive a reload.
 */
export async function registerWebApp(app: FastifyInstance, webRoot = DEFAULT_WEB_ROOT): Promise<void> {
  const built = existsSync(`${webRoot}/index.html`);
  const pages = built ? prerenderedPages(webRoot) : new Map<string, string>();
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of its text files (apps/web/scripts/compress.ts): a
      // browser that accepts one gets it, with Vary: accept-encoding; anything else the file itself.
      preCompressed: true,
      setHeaders: (res, path) => {
        res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`The web app is not built (${webRoot}); run \`npm run build\`. The API is served regardless.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const [path = '/', query] = request.url.split('?');
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|sandbox)(\/|$)/.test(path);
    if (isPage && built) {
      const prerendered = query === undefined ? pages.get(path) : undefined;
      return reply.header('cache-control', 'no-cache').sendFile(prerendered ?? 'index.html');
    }
    throw new AppError('NOT_FOUND', isPage ? 'The web app is not built; run `npm run build`.' : `No route ${request.method} ${path}.`);
  });
}
