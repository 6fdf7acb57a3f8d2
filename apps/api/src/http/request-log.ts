import { hostname } from 'node:os';
import pino, { type DestinationStream } from 'pino';
import type { ResponseStep } from './request-hooks.ts';

/** Lines are handed to the kernel in writes of at least this many bytes, or after FLUSH_EVERY_MS. */
const MIN_WRITE_BYTES = 32 * 1024;
const FLUSH_EVERY_MS = 250;
/** Room for the lines of one write, and for the longest line that still joins them. */
const CHUNK_BYTES = 2 * MIN_WRITE_BYTES;
/** A character takes at most 3 bytes in UTF-8 (a surrogate pair: 4 for 2). */
const MAX_BYTES_PER_CHAR = 3;

/**
 * Where the JSON log lines go when nobody chose: standard output, written asynchronously. pino's
 * destination (sonic-boom) writes in the background, 32 kB at a time under load (one system call
 * for ~150 lines instead of one each) and at least every quarter second when it is quiet; on exit
 * (`process.exit` included) pino flushes what is left synchronously, so nothing is lost.
 * The lines are encoded here into a buffer first, and sonic-boom is given whole buffers: given text,
 * sonic-boom 4.2 measured the byte length of its whole pending chunk on every line (~1 µs a line,
 * docs/performance.md run 7), and text gathered here was copied twice more (to measure it, then to
 * encode it) before each write; each write also costs the thread a hand-over to libuv's pool, so
 * fewer, larger writes cost less (run 8).
 */
export function asyncStdout(): DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE_BYTES, maxWrite: CHUNK_BYTES, contentMode: 'buffer' });
  // sonic-boom's buffer mode takes Buffers; its types name only text.
  const writeBuffer = (buffer: Buffer) => destination.write(buffer as unknown as string);
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;
  const handOver = () => {
    if (used === 0) return;
    // sonic-boom keeps the buffer until it is written: the next lines go into a new one.
    const full = chunk.subarray(0, used);
    chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    used = 0;
    writeBuffer(full);
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
      const room = MAX_BYTES_PER_CHAR * line.length;
      if (used + room > CHUNK_BYTES) {
        handOver();
        // A line longer than a chunk (a long error) is written on its own, in order.
        if (room > CHUNK_BYTES) return void writeBuffer(Buffer.from(line));
      }
      used += chunk.write(line, used);
      if (used >= MIN_WRITE_BYTES) handOver();
    },
  };
}

/** pino's number for the info level. */
const INFO = 30;

/**
 * One log line per answered request, at its end, written by the one onResponse hook
 * (http/request-hooks.ts; Fastify's own request logging, two lines each, is off): method, route
 * pattern, status, duration, the request id (`reqId`, bound by Fastify) and the signed-in caller's
 * id. Never the raw URL (a path may hold an email address, a query string a token), a header or a
 * body. Server errors are logged at `error`, so `LOG_LEVEL=warn` keeps them.
 *
 * With `destination` (the JSON log's stream), the line of an answer below 500 is written from a
 * template, exactly as pino writes it (its level, time, pid and hostname first, `msg` last): pino's
 * walk over a line's object cost ~1 µs of the ~20 a request costs (docs/performance.md, run 8).
 * The method and the route pattern, a few dozen texts that recur on every line, are quoted once
 * each; the time and the duration are written from integers (a double prints through V8's
 * shortest-decimal search), the time once per millisecond (docs/performance.md, run 12). Server
 * errors, and a terminal's pretty log, go through pino.
 */
export function responseLogger(destination?: DestinationStream): ResponseStep {
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  const quoted = new Map<string, string>();
  const quote = (text: string) => {
    let json = quoted.get(text);
    if (json === undefined) {
      json = JSON.stringify(text);
      // The route patterns and methods are few; anything else is quoted each time.
      if (quoted.size < MAX_QUOTED) quoted.set(text, json);
    }
    return json;
  };
  // Date.now() is a 13-digit number, printed like a double: once per millisecond is enough.
  let now = 0;
  let nowText = '0';
  return (request, reply, ms) => {
    const status = reply.statusCode;
    const route = request.routeOptions.url;
    const userId = request.auth?.id;
    if (destination && status < 500) {
      // The request's own logger's level: pino's `levelVal` (30 is info).
      if ((request.log as { levelVal?: number }).levelVal! <= INFO) {
        const time = Date.now();
        if (time !== now) nowText = String((now = time));
        // The request id is Fastify's own ('req-' and base-36 digits: app.ts takes none from a
        // header), so it needs no escaping.
        destination.write(
          `{"level":${INFO},"time":${nowText}${base},"reqId":"${request.id}","method":${quote(request.method)},` +
            `"route":${route === undefined ? 'null' : quote(route)},"status":${status},"ms":${millisecondsText(ms)},` +
            `"userId":${userId === undefined ? 'null' : userId},"msg":"response"}\n`,
        );
      }
    } else {
      const line = { method: request.method, route: route ?? null, status, ms: Math.round(ms * 10) / 10, userId: userId ?? null };
      if (status >= 500) request.log.error(line, 'response');
      else request.log.info(line, 'response');
    }
  };
}

/**
 * A duration in milliseconds to a tenth, as JSON.stringify(Math.round(ms * 10) / 10) writes it, from
 * small integers: a double, even a whole one, prints through V8's slow path (run 12). Up to 59 hours.
 */
export function millisecondsText(ms: number): string {
  const tenths = Math.round(ms * 10) | 0;
  const whole = (tenths / 10) | 0;
  const tenth = tenths % 10;
  return tenth === 0 ? `${whole}` : `${whole}.${tenth}`;
}

/** More distinct methods and route patterns than the server has. */
const MAX_QUOTED = 1000;
