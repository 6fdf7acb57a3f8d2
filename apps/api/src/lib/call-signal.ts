/**
 * The job's abort signal for the calls out made for it (9Hits, the gateways, mail), so that every
 * call out made for a job stops when the job must stop, however deep in a use case it is made. The
 * job runner hands each run its signal; a client is bound to it with `boundToJob` when the job's
 * handler is made (app.ts), and passes it to `callSignal` on each call. Outside a job there is none.
 *
 * The signal is carried by the client, not by an AsyncLocalStorage as until 2026-11-27: on Node 20
 * the first job that used one turned on async hooks for the whole process, and from then on every
 * request paid for each promise it made (`GET /api/packages`: ~40 instead of ~28 µs of CPU;
 * docs/performance.md, run 8).
 */

/** A client whose calls can stop with a job's signal. */
export interface JobBindable {
  /** The job this copy of the client calls for; none on the process's own client. */
  readonly jobSignal?: AbortSignal;
}

/**
 * `client` for one run of a job: the same object underneath (its state, a cached token for one,
 * stays shared), whose calls also stop when `signal` aborts.
 */
export function boundToJob<C extends JobBindable>(client: C, signal: AbortSignal): C {
  return Object.create(client, { jobSignal: { value: signal, enumerable: false } }) as C;
}

/** The signal for one call out: its own timeout, and, for a job's call, the job's signal too. */
export function callSignal(timeoutMs: number, job: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return job ? AbortSignal.any([timeout, job]) : timeout;
}

/**
 * Waits for `work`, or rejects as soon as the job's signal aborts (for a client that takes no
 * signal, such as the SMTP transport: the job stops waiting and its own timeouts end the socket).
 */
export function untilJobStops<T>(work: Promise<T>, job: AbortSignal): Promise<T> {
  job.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(job.reason instanceof Error ? job.reason : new Error('the job was stopped'));
    job.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => job.removeEventListener('abort', stop));
  });
}
