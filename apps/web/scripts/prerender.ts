/**
 * Runs after `vite build` (apps/web "build" script): pre-renders the public pages of
 * src/app/public-pages.ts to static HTML, each with its critical CSS inline and its own meta
 * description and social tags, under dist/pages/. The server answers those paths with these files
 * (apps/api/src/http/web-app.ts); src/main.tsx hydrates them. Everything else keeps dist/index.html.
 *
 * It builds src/prerender.tsx for Node (`vite build --ssr`, into dist-ssr/, removed afterwards),
 * renders each page as a visitor's first render would, and fills dist/index.html's #root and head.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { PublicPage } from '../src/app/public-pages.ts';

const web = resolve(fileURLToPath(new URL('..', import.meta.url)));
const dist = join(web, 'dist');
const ssrOut = join(web, 'dist-ssr');
/** Path → pre-rendered file, under dist/. */
const PAGES_INDEX = 'pages/index.json';

/** What src/prerender.tsx exports, as built for Node. */
interface PrerenderEntry {
  PUBLIC_PAGES: readonly PublicPage[];
  renderPage(path: string): Promise<{ html: string; css: string; ids: string[] }>;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The page's head tags: description, title and the social (Open Graph, Twitter) tags. */
export function headTags(page: PublicPage): string {
  const tags = [
    ['name', 'description', page.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'Website Traffic Packages'],
    ['property', 'og:title', page.title],
    ['property', 'og:description', page.description],
    ['property', 'og:image', '/favicon.svg'],
    ['name', 'twitter:card', 'summary'],
    ['name', 'twitter:title', page.title],
    ['name', 'twitter:description', page.description],
  ];
  return tags.map(([kind, name, content]) => `<meta ${kind}="${name}" content="${escapeAttribute(content!)}" />`).join('\n    ');
}

/** dist/index.html with a page's markup in #root, its CSS and tags in the head. */
export function pageDocument(shell: string, page: PublicPage, rendered: { html: string; css: string; ids: string[] }): string {
  const description = /<meta\s+name="description"[\s\S]*?\/>/;
  if (!description.test(shell)) throw new Error('index.html has no meta description to replace');
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>');
  const style = `<style data-emotion="css ${rendered.ids.join(' ')}">${rendered.css.replace(/<\/style/gi, '<\\/style')}</style>`;
  // No preloads: fetched before the first paint, the app's code would count (in Lighthouse's model
  // of a slow phone) as holding the paint back. The entry script lists them instead, and preloads
  // them all at once when the page has painted (src/main.tsx), then evaluates them one at a time.
  const modules = [...shell.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g)].map((m) => m[1]!);
  const entry = /<script type="module"[^>]*\ssrc="[^"]+"/;
  if (!entry.test(shell)) throw new Error('index.html has no module script');
  return shell
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(entry, (tag) => `${tag} data-modules="${escapeAttribute(modules.join(' '))}"`)
    .replace(description, headTags(page))
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`)
    .replace('</head>', `  ${style}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${rendered.html}</div>`);
}

async function main() {
  // The server build leaves React, MUI and Emotion to Node: render with their production builds,
  // as the browser's bundle does, so the class names and markup are the ones the client hydrates.
  process.env.NODE_ENV = 'production';
  rmSync(ssrOut, { recursive: true, force: true });
  await build({
    root: web,
    configFile: join(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false, minify: false },
  });
  const entry = (await import(pathToFileURL(join(ssrOut, 'prerender.js')).href)) as PrerenderEntry;
  const shell = readFileSync(join(dist, 'index.html'), 'utf8');
  for (const page of entry.PUBLIC_PAGES) {
    const rendered = await entry.renderPage(page.path);
    if (!rendered.html.includes('<h1')) throw new Error(`${page.path} rendered no heading: ${rendered.html.slice(0, 300)}`);
    const file = join(dist, page.file);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, pageDocument(shell, page, rendered));
    console.log(
      `pre-rendered ${page.path.padEnd(10)} ${page.file} (${(rendered.html.length / 1000).toFixed(1)} kB markup, ${(rendered.css.length / 1000).toFixed(1)} kB CSS)`,
    );
  }
  // What the server reads to answer these paths with the files (apps/api/src/http/web-app.ts).
  writeFileSync(join(dist, PAGES_INDEX), JSON.stringify(Object.fromEntries(entry.PUBLIC_PAGES.map((page) => [page.path, page.file]))));
  rmSync(ssrOut, { recursive: true, force: true });
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) await main();
