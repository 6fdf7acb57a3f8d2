import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/** Lines are handed to the kernel in writes of at least this many bytes, or after FLUSH_EVERY_MS. */
const MIN_WRITE_BYTES = 8 * 1024;
const FLUSH_EVERY_MS = 250;

/**
 * Where the JSON log lines go when nobody chose: standard output, written asynchronously. pino's
 * destination (sonic-boom) writes in the background, 8 kB at a time under load (one system call for
 * fifty lines instead of one each) and at least every quarter second when it is quiet; on exit
 * (`process.exit` included) pino flushes what is left synchronously, so nothing is lost.
 * The lines are gathered here into those 8 kB first: sonic-boom 4.2 measures the byte length of its
 * whole pending chunk on every line it is given, which made a line cost ~1 µs of CPU instead of
 * ~0.4 (docs/performance.md, run 7).
 */
export function asyncStdout(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE_BYTES });
  let lines = '';
  const handOver = () => {
    if (!lines) return;
    const chunk = lines;
    lines = '';
    destination.write(chunk);
  };
  // pino flushes the destination before the process exits (flush) or as it exits (flushSync): the
  // lines gathered here go first.
  const { flush, flushSync } = destination;
  destination.flush = (callback?: (error?: Error) => void) => {
    handOver();
    flush.call(destination, callback);
  };
  destination.flushSync = () => {
    handOver();
    flushSync.call(destination);
  };
  // Flushed only when a line arrived since the last tick: an idle server makes no empty writes.
  let pending = false;
  const timer = setInterval(() => {
    if (!pending) return;
    pending = false;
    try {
      destination.flush();
    } catch {
      // Not open yet, or closed at exit (which flushed it): the next tick or nothing to do.
    }
  }, FLUSH_EVERY_MS);
  timer.unref();
  destination.on('close', () => clearInterval(timer));
  return {
    write(line: string) {
      pending = true;
      lines += line;
      if (lines.length >= MIN_WRITE_BYTES) handOver();
    },
  };
}

/**
 * One log line per answered request, at its end (Fastify's own request logging, two lines each, is
 * off): method, route pattern, status, duration, the request id (`reqId`, bound by Fastify) and the
 * signed-in caller's id. Never the raw URL (a path may hold an email address, a query string a
 * token), a header or a body. Server errors are logged at `error`, so `LOG_LEVEL=warn` keeps them.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      userId: request.auth?.id ?? null,
    };
    if (status >= 500) request.log.error(line, 'response');
    else request.log.info(line, 'response');
    done();
  });
}
