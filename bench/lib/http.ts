import { performance } from 'node:perf_hooks';

export interface Reply<T = unknown> {
  status: number;
  body: T;
  text: string;
  ms: number;
}

/** One request against the local server (the bench never talks to anything but 127.0.0.1). */
export async function call<T = unknown>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const url = new URL(path, base);
  if (url.hostname !== '127.0.0.1') throw new Error(`refusing to send traffic to ${url.host}`);
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  const started = performance.now();
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  const ms = performance.now() - started;
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T, text, ms };
}

/**
 * The `n`-th client address of block `a` (a.x.y.z) as an X-Forwarded-For header: the bench acting as
 * many people, each with its own per-address rate limits (the server trusts the header from
 * loopback, as from HAProxy). Data only: nothing is ever sent to these addresses.
 */
export const forwardedFor = (a: number, n: number): Record<string, string> => ({
  'x-forwarded-for': `${a}.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
});

export async function expectOk<T = unknown>(reply: Promise<Reply<T>>, what: string): Promise<T> {
  const r = await reply;
  if (r.status < 200 || r.status >= 300) throw new Error(`${what}: HTTP ${r.status} ${r.text.slice(0, 300)}`);
  return r.body;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}
