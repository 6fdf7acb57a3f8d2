/*
 * The entry index.html loads: a few bytes that start the app (start.tsx). A pre-rendered public page
 * (scripts/prerender.ts) first paints from its HTML and CSS, and the app's code (index.html
 * preloads it) runs once the browser reports that paint, so the first paint never waits for the
 * app's JavaScript. Any other page starts the app at once.
 */
const start = () => void import('./start.tsx');

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

if (document.getElementById('root')?.firstElementChild) afterFirstPaint(start);
else start();
