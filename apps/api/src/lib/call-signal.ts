import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The running job's abort signal, carried through everything its handler awaits (the job runner
 * sets it), so that every call out made for a job stops when the job must stop, however deep in a
 * use case the call is made. Outside a job there is none.
 */
const jobSignal = new AsyncLocalStorage<AbortSignal>();

/** Runs `work` with `signal` as the job's signal for every call out it makes. */
export function withJobSignal<T>(signal: AbortSignal, work: () => T): T {
  return jobSignal.run(signal, work);
}

/** The signal for one call out: its own timeout, and, inside a job, the job's signal too. */
export function callSignal(timeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  const job = jobSignal.getStore();
  return job ? AbortSignal.any([timeout, job]) : timeout;
}

/**
 * Waits for `work`, or rejects as soon as the job's signal aborts (for a client that takes no
 * signal, such as the SMTP transport: the job stops waiting and its own timeouts end the socket).
 */
export function untilJobStops<T>(work: Promise<T>): Promise<T> {
  const job = jobSignal.getStore();
  if (!job) return work;
  job.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(job.reason instanceof Error ? job.reason : new Error('the job was stopped'));
    job.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => job.removeEventListener('abort', stop));
  });
}
