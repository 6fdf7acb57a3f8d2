import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The server's Prometheus metrics (GET /metrics, docs/deploy.md): requests per route and their
 * latency, jobs run and failed, payment callbacks by outcome, 9Hits calls and their latency, and
 * the job queue's depth read at each scrape. One registry per server (tests build many in one
 * process), never prom-client's global one.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests = this.counter('http_requests_total', 'HTTP requests answered, by method, route pattern and status', [
    'method',
    'route',
    'status',
  ] as const);
  readonly httpDuration = this.histogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by method and route pattern',
    ['method', 'route'] as const,
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  );
  readonly jobs = this.counter(
    'jobs_total',
    'Background jobs run, by kind and outcome (done, failed: a failure is retried until its last attempt)',
    ['kind', 'outcome'] as const,
  );
  readonly jobDuration = this.histogram(
    'job_duration_seconds',
    'Time a background job took, by kind',
    ['kind'] as const,
    [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
  );
  readonly paymentCallbacks = this.counter(
    'payment_callbacks_total',
    "Gateways' server callbacks (PayHere notify, PayPal webhook), by gateway and outcome",
    ['gateway', 'outcome'] as const,
  );
  readonly ninehitsCalls = this.counter('ninehits_calls_total', '9Hits API calls, by call and outcome (ok, error)', [
    'call',
    'outcome',
  ] as const);
  readonly ninehitsDuration = this.histogram(
    'ninehits_call_duration_seconds',
    '9Hits API call latency, by call',
    ['call'] as const,
    [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );

  private counter<L extends string>(name: string, help: string, labelNames: readonly L[]) {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  private histogram<L extends string>(name: string, help: string, labelNames: readonly L[], buckets: number[]) {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  constructor(queue?: () => Promise<{ queued: number; dead: number }>) {
    collectDefaultMetrics({ register: this.registry });
    if (queue) {
      const read = { at: 0, value: Promise.resolve({ queued: 0, dead: 0 }) };
      // One read of the jobs table per scrape, shared by both gauges.
      const current = () => {
        if (Date.now() - read.at > 1000) Object.assign(read, { at: Date.now(), value: queue() });
        return read.value;
      };
      new Gauge({
        name: 'jobs_queued',
        help: 'Background jobs waiting or running',
        registers: [this.registry],
        async collect() {
          this.set((await current()).queued);
        },
      });
      new Gauge({
        name: 'jobs_dead',
        help: 'Background jobs that gave up after their last attempt (the admin dashboard lists them)',
        registers: [this.registry],
        async collect() {
          this.set((await current()).dead);
        },
      });
    }
  }

  /** Counts one gateway callback by the outcome its handler reports, or 'rejected' when it throws. */
  async countCallback(gateway: 'payhere' | 'paypal', handle: () => Promise<string>): Promise<string> {
    try {
      const result = await handle();
      this.paymentCallbacks.inc({ gateway, outcome: outcomeOf(result) });
      return result;
    } catch (error) {
      this.paymentCallbacks.inc({ gateway, outcome: 'rejected' });
      throw error;
    }
  }

  /** Times one 9Hits call: its latency, and whether it answered. */
  async timeNinehits<T>(call: string, run: () => Promise<T>): Promise<T> {
    const stop = this.ninehitsDuration.startTimer({ call });
    try {
      const value = await run();
      this.ninehitsCalls.inc({ call, outcome: 'ok' });
      return value;
    } catch (error) {
      this.ninehitsCalls.inc({ call, outcome: 'error' });
      throw error;
    } finally {
      stop();
    }
  }
}

/** The outcome label of a callback's result text ("granted", "duplicate", "ignored: …"): its first word. */
export const outcomeOf = (result: string) => result.split(/[:\s]/)[0] || 'unknown';
