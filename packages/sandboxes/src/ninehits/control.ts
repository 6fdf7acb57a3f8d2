import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * How the sandbox misbehaves when told to (POST /sandbox/9hits/control): answer slowly, refuse the
 * next calls without doing anything, or do the next calls and then lose the answer. Kept in the
 * server process's memory: it is a switch for one test or one developer against one process, and
 * vanishes with it. The account's points and slots can be set too (the admin's low-balance warning),
 * and every answer of the switch counts the calls made so far, by path (what a call costs).
 */
const PATHS = ['siteAdd', 'siteGet', 'siteUpdate', 'siteDel', 'profileGet'] as const;
export type SandboxPath = (typeof PATHS)[number];

const count = z.number().int().min(1).max(1000);
export const controlBodySchema = z.strictObject({
  /** Every answer waits this long first (0 to stop). */
  delayMs: z.number().int().min(0).max(60_000).optional(),
  /** The next `count` calls (to `path`, or any) fail without doing anything. */
  fail: z.strictObject({ count, with: z.enum(['error-envelope', 'http-500', 'http-502']), path: z.enum(PATHS).optional() }).optional(),
  /** The next `count` calls (to `path`, or any) are carried out, then the answer is lost. */
  lose: z.strictObject({ count, with: z.enum(['reset', 'http-502']), path: z.enum(PATHS).optional() }).optional(),
  /** Sets a campaign's moderation state (null: back to pending, then approved after a few seconds). */
  systemState: z.strictObject({ id: z.number().int().positive(), state: z.string().trim().min(1).max(40).nullable() }).optional(),
  /** The account's balance as profileGet answers it (null: the default). */
  account: z
    .strictObject({
      points: z.number().min(0).max(1e12).nullable().optional(),
      slots: z.number().int().min(0).max(1e7).nullable().optional(),
    })
    .optional(),
  /** Back to normal: no delay, no pending failures or losses, the default balance, the call counts at 0. */
  reset: z.literal(true).optional(),
});
export type ControlBody = z.infer<typeof controlBodySchema>;

interface Rule {
  left: number;
  with: string;
  path: SandboxPath | undefined;
}

export const DEFAULT_POINTS = 1_000_000;
export const DEFAULT_SLOTS = 100_000;

export class SandboxControl {
  delayMs = 0;
  points: number | null = null;
  slots: number | null = null;
  private failRules: Rule[] = [];
  private loseRules: Rule[] = [];
  /** Calls answered so far, by path, since the process started or the last reset: what a test of a call's cost reads. */
  private calls = zeroCalls();

  /** Counts a call that reached the sandbox (refused, failed and lost ones too: 9Hits would have seen them). */
  count(path: SandboxPath): void {
    this.calls[path] += 1;
  }

  apply(body: ControlBody): void {
    if (body.reset) {
      this.delayMs = 0;
      this.failRules = [];
      this.loseRules = [];
      this.points = null;
      this.slots = null;
      this.calls = zeroCalls();
    }
    if (body.delayMs !== undefined) this.delayMs = body.delayMs;
    if (body.fail) this.failRules.push({ left: body.fail.count, with: body.fail.with, path: body.fail.path });
    if (body.lose) this.loseRules.push({ left: body.lose.count, with: body.lose.with, path: body.lose.path });
    if (body.account?.points !== undefined) this.points = body.account.points;
    if (body.account?.slots !== undefined) this.slots = body.account.slots;
  }

  state() {
    const rules = (list: Rule[]) =>
      list.filter((r) => r.left > 0).map((r) => ({ count: r.left, with: r.with, ...(r.path ? { path: r.path } : {}) }));
    return {
      delayMs: this.delayMs,
      fail: rules(this.failRules),
      lose: rules(this.loseRules),
      account: { points: this.points ?? DEFAULT_POINTS, slots: this.slots ?? DEFAULT_SLOTS },
      calls: { ...this.calls },
    };
  }

  /** Takes one failure meant for this call, if any. */
  takeFailure(path: SandboxPath): string | undefined {
    return take(this.failRules, path);
  }

  takeLoss(path: SandboxPath): string | undefined {
    return take(this.loseRules, path);
  }
}

function zeroCalls(): Record<SandboxPath, number> {
  return Object.fromEntries(PATHS.map((path) => [path, 0])) as Record<SandboxPath, number>;
}

function take(rules: Rule[], path: SandboxPath): string | undefined {
  const rule = rules.find((r) => r.left > 0 && (!r.path || r.path === path));
  if (!rule) return undefined;
  rule.left -= 1;
  return rule.with;
}

/** Answers a refused call as told: the error envelope (HTTP 200 or 500) or a proxy's 502 page. */
export function sendFailure(reply: FastifyReply, how: string): FastifyReply {
  if (how === 'http-502') return reply.code(502).type('text/html').send('<html><body><h1>502 Bad Gateway</h1></body></html>');
  return reply
    .code(how === 'http-500' ? 500 : 200)
    .send({ status: 'error', messages: ['Service is temporarily unavailable.'], data: null });
}

/** Loses the answer of a call that was carried out: the connection drops, or a proxy answers 502. */
export function loseAnswer(reply: FastifyReply, how: string): FastifyReply {
  if (how === 'http-502') return reply.code(502).type('text/html').send('<html><body><h1>502 Bad Gateway</h1></body></html>');
  reply.hijack();
  reply.raw.destroy();
  return reply;
}
