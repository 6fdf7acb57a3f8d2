import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Work done on every request or answer, in the order given; it cannot fail. */
export type RequestStep = (request: FastifyRequest, reply: FastifyReply) => void;

/** Work done as each answer has gone out, given its duration in milliseconds; it cannot fail. */
export type ResponseStep = (request: FastifyRequest, reply: FastifyReply, ms: number) => void;

/** The caller check: it calls `done` once, with the refusal if there is one. */
export type CallerCheck = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;

/**
 * Every request's one onRequest hook and one onResponse hook. Fastify runs each hook of a request
 * through its runner with a callback of its own: the four onRequest hooks, an onSend and two
 * onResponse hooks that did this work before cost `GET /api/packages` about 1 µs of its ~33
 * (docs/performance.md, run 12). Each step stays in its own module (headers, caller check, log,
 * metrics); this is only where they run.
 *
 *   onRequest:  `start`, then `checkCaller` (before the body is parsed: a caller who may not call a
 *               route learns nothing from its validation messages)
 *   onResponse: `finish`, with the answer's duration (read once: Fastify measures it on each read)
 */
export function registerRequestHooks(
  app: FastifyInstance,
  hooks: { start: RequestStep[]; checkCaller: CallerCheck; finish: ResponseStep[] },
) {
  const { start, checkCaller, finish } = hooks;
  app.addHook('onRequest', (request, reply, done) => {
    for (const step of start) step(request, reply);
    checkCaller(request, reply, done);
  });
  app.addHook('onResponse', (request, reply, done) => {
    const ms = reply.elapsedTime;
    for (const step of finish) step(request, reply, ms);
    done();
  });
}
