import { useEffect, useRef, useState } from 'react';

/**
 * True once the element is within `margin` of the viewport (and from then on): what lies below the
 * fold loads its code and data only when the reader gets near it, so the first screen paints first.
 * Without IntersectionObserver (old browsers, tests) it is true at once.
 */
export function useNearViewport<T extends Element>(margin = '200px'): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}

/**
 * True once the browser has painted the screen and is idle (at most `timeoutMs` later): secondary
 * content (a chart below the cards) then starts loading without delaying the first screen's paint.
 */
export function useIdle(timeoutMs = 1500): boolean {
  const [idle, setIdle] = useState(() => typeof requestIdleCallback === 'undefined' && typeof window === 'undefined');
  useEffect(() => {
    if (idle) return;
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }, [idle, timeoutMs]);
  return idle;
}
