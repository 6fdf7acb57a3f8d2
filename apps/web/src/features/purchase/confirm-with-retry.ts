import { isApiError } from '../../lib/api-client.ts';

/** The server's answer while the gateway's callback has not arrived: the order is still pending. */
export const NOT_CONFIRMED_MESSAGE = 'The payment has not been confirmed yet.';

/** How long the return pages wait for the gateway's callback (it normally lands before the browser does). */
export const CONFIRM_RETRY = { intervalMs: 2_000, timeoutMs: 30_000 };

export function isNotConfirmedYet(error: unknown): boolean {
  return isApiError(error, 'PAYMENT') && error.status === 402 && error.message === NOT_CONFIRMED_MESSAGE;
}

/** A failure that may pass if tried again later: still unconfirmed, no connection, or the server's own trouble. */
export function isWorthRetrying(error: unknown): boolean {
  return isNotConfirmedYet(error) || (isApiError(error) && (error.status === 0 || error.status >= 500));
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `call` until it succeeds, asking again while the payment is not confirmed yet, for up to
 * `timeoutMs`. Stops early (rethrowing the last error) when `keepGoing` turns false.
 */
export async function confirmWithRetry<T>(call: () => Promise<T>, keepGoing: () => boolean, onWaiting: () => void): Promise<T> {
  const deadline = Date.now() + CONFIRM_RETRY.timeoutMs;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      if (!isNotConfirmedYet(error) || Date.now() + CONFIRM_RETRY.intervalMs > deadline || !keepGoing()) throw error;
      onWaiting();
      await sleep(CONFIRM_RETRY.intervalMs);
      if (!keepGoing()) throw error;
    }
  }
}
