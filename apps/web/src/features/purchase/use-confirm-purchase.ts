import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { notify } from '../../shell/toast.ts';
import { confirmWithRetry, isWorthRetrying } from './confirm-with-retry.ts';

export type ConfirmState = { phase: 'working'; waiting: boolean } | { phase: 'failed'; canRetry: boolean };

interface Options<T> {
  /** The server call that finalizes the purchase. */
  run: () => Promise<T>;
  /** Success: refresh, forget the pending record, toast, move on. */
  onConfirmed: (result: T) => Promise<void> | void;
  /** The product's failure toast for this kind of purchase. */
  failureMessage: string;
  /** The order can never be confirmed (not found, not paid): its record is of no further use. */
  onAbandon: () => void;
}

/**
 * Confirms a purchase once when the return page opens (also under StrictMode's double effects),
 * waiting for the gateway's callback for a while, and offers another try when that may help.
 */
export function useConfirmPurchase<T>(options: Options<T>): { state: ConfirmState; retry: () => void } {
  const [state, setState] = useState<ConfirmState>({ phase: 'working', waiting: false });
  const latest = useRef(options);
  const mounted = useRef(false);
  const started = useRef(false);

  useLayoutEffect(() => {
    latest.current = options;
  });

  const attempt = useCallback(async () => {
    setState({ phase: 'working', waiting: false });
    const alive = () => mounted.current;
    try {
      const result = await confirmWithRetry(
        () => latest.current.run(),
        alive,
        () => setState({ phase: 'working', waiting: true }),
      );
      if (alive()) await latest.current.onConfirmed(result);
    } catch (error) {
      // Leaving the page stops the wait; nobody is there to tell.
      if (!alive()) return;
      const canRetry = isWorthRetrying(error);
      if (!canRetry) latest.current.onAbandon();
      notify.error(latest.current.failureMessage);
      setState({ phase: 'failed', canRetry });
    }
  }, []);

  useEffect(() => {
    mounted.current = true;
    if (!started.current) {
      started.current = true;
      void attempt();
    }
    return () => {
      mounted.current = false;
    };
  }, [attempt]);

  return { state, retry: () => void attempt() };
}
