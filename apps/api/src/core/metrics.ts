import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The server's Prometheus metrics (GET /metrics, docs/deploy.md): requests per route and their
 * latency, jobs run and failed, payment callbacks by outcome, 9Hits calls and their latency, and
 * the job queue's depth read at each scrape. One registry per server (tests build many in one
 * process), never prom-client's global one.
 */
export class Metrics {
  readonly registry = new Registry();
  /** http_requests_total and http_request_duration_seconds (see HttpMetrics). */
  readonly http = new HttpMetrics(this.registry);
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

interface HttpSeries {
  method: string;
  route: string;
  status: string;
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative), the last one past every bound. */
  buckets: number[];
}

type MetricValue = { labels: Record<string, string | number>; value: number; metricName?: string };

/**
 * Requests answered, by method, route pattern and status, and their latency by method and route
 * pattern, in Prometheus's text exactly as prom-client's Counter and Histogram write them. Every
 * answer passes here: prom-client hashes and validates a label object on each inc/observe, which
 * cost GET /api/packages a measurable share of its CPU (docs/performance.md), so each series is a
 * plain object found by one Map lookup, and the series are built only when GET /metrics is read.
 */
export class HttpMetrics {
  static readonly BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
  /** By route pattern, method and status. */
  private readonly series = new Map<string, Map<string, Map<number, HttpSeries>>>();

  constructor(registry: Registry) {
    registry.registerMetric(
      this.metric('http_requests_total', 'HTTP requests answered, by method, route pattern and status', 'counter', () => this.requests()),
    );
    registry.registerMetric(
      this.metric('http_request_duration_seconds', 'Time to answer an HTTP request, by method and route pattern', 'histogram', () =>
        this.durations(),
      ),
    );
  }

  /** One answered request. */
  record(method: string, route: string, status: number, seconds: number): void {
    // Found by route, then method and status: the route patterns and methods are the same few texts
    // on every call (their hashes are kept), where one joined key was a new text to hash each time.
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let one = byStatus.get(status);
    if (!one) {
      one = { method, route, status: String(status), count: 0, sum: 0, buckets: new Array<number>(HttpMetrics.BUCKETS.length + 1).fill(0) };
      byStatus.set(status, one);
    }
    one.count++;
    one.sum += seconds;
    let i = 0;
    while (i < HttpMetrics.BUCKETS.length && seconds > HttpMetrics.BUCKETS[i]!) i++;
    one.buckets[i]!++;
  }

  private *all(): Generator<HttpSeries> {
    for (const byMethod of this.series.values()) for (const byStatus of byMethod.values()) yield* byStatus.values();
  }

  private requests(): MetricValue[] {
    return [...this.all()].map((s) => ({ labels: { method: s.method, route: s.route, status: s.status }, value: s.count }));
  }

  private durations(): MetricValue[] {
    // The histogram's series are per method and route: the statuses of one add up.
    const byRoute = new Map<string, { method: string; route: string; count: number; sum: number; buckets: number[] }>();
    for (const s of this.all()) {
      const key = `${s.method} ${s.route}`;
      const one = byRoute.get(key) ?? { method: s.method, route: s.route, count: 0, sum: 0, buckets: s.buckets.map(() => 0) };
      one.count += s.count;
      one.sum += s.sum;
      s.buckets.forEach((n, i) => (one.buckets[i]! += n));
      byRoute.set(key, one);
    }
    const values: MetricValue[] = [];
    const name = 'http_request_duration_seconds';
    for (const { method, route, count, sum, buckets } of byRoute.values()) {
      let cumulative = 0;
      HttpMetrics.BUCKETS.forEach((le, i) => {
        cumulative += buckets[i]!;
        values.push({ metricName: `${name}_bucket`, labels: { le, method, route }, value: cumulative });
      });
      values.push({ metricName: `${name}_bucket`, labels: { le: '+Inf', method, route }, value: count });
      values.push({ metricName: `${name}_sum`, labels: { method, route }, value: sum });
      values.push({ metricName: `${name}_count`, labels: { method, route }, value: count });
    }
    return values;
  }

  /** A metric object as prom-client's registry reads one (what its own Counter and Histogram answer). */
  private metric(name: string, help: string, type: 'counter' | 'histogram', values: () => MetricValue[]) {
    const get = async () => ({ name, help, type, values: values(), aggregator: 'sum' as const });
    return { name, help, type, aggregator: 'sum', get, reset: () => this.series.clear() } as unknown as Parameters<
      Registry['registerMetric']
    >[0];
  }
}

/** The outcome label of a callback's result text ("granted", "duplicate", "ignored: …"): its first word. */
export const outcomeOf = (result: string) => result.split(/[:\s]/)[0] || 'unknown';
