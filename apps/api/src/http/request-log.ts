import type { FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';

/**
 * Where the JSON log lines go when nobody chose: standard output, written asynchronously. pino
 * buffers the lines and hands them to the kernel in the background instead of one blocking write per
 * line; on exit (`process.exit` included) it flushes what is left synchronously, so nothing is lost.
 */
export function asyncStdout(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
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
