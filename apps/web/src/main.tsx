/*
 * The entry index.html loads: a few bytes that start the app (start.tsx). A pre-rendered public page
 * (scripts/prerender.ts) first paints from its HTML and CSS, and the app's code runs once the browser
 * reports that paint, so the first paint never waits for the app's JavaScript. Any other page starts
 * the app at once (index.html preloads its code).
 */

import { requestUserEarly } from './early-user-request.ts';

// A stored session's user object is asked for now, while the app's code downloads.
requestUserEarly();

/** A new task: the browser may paint, or answer a tap, before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/*
 * The app's code, evaluated in three tasks instead of one (vite.config.ts groups it so): React DOM,
 * then MUI and Emotion, then the app itself, which hydrates the page or renders it. On a phone's CPU
 * each is a short task where the three made one long one, which nothing could interrupt.
 */
const start = async () => {
  await import('react-dom/client');
  await nextTask();
  await import('@mui/material/Box');
  await nextTask();
  await import('./start.tsx');
};

/**
 * A pre-rendered page lists the app's files on its entry script instead of preloading them: fetched
 * before the first paint they would hold it back on a slow phone. Once it has painted, they are all
 * fetched at once (not one after the other as each step imports the next).
 */
function preloadListed() {
  const listed = document.querySelector<HTMLScriptElement>('script[data-modules]')?.dataset.modules ?? '';
  for (const href of listed.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

function afterFirstPaint(run: () => void) {
  // A page opened in a background tab does not paint until shown, and a browser without paint
  // timing cannot tell: start at once.
  if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    run();
    return;
  }
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(once, 0);
  }).observe({ type: 'paint', buffered: true });
  // Whatever happens, the app starts: the page must not stay without its JavaScript.
  setTimeout(once, 5000);
}

if (document.getElementById('root')?.firstElementChild)
  afterFirstPaint(() => {
    preloadListed();
    void start();
  });
else void start();
