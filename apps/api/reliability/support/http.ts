import { request as httpRequest } from 'node:http';

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T = unknown>(): T;
}

export interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/**
 * One HTTP request on a connection of its own (no keep-alive pool: a server that was killed and
 * started again on the same port must not be reached through a dead pooled socket). Network
 * failures reject; every HTTP status resolves.
 */
export function request(baseUrl: string, method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
  const url = new URL(path, baseUrl);
  if (url.hostname !== '127.0.0.1') throw new Error(`the suite only talks to 127.0.0.1, not ${url.hostname}`);
  const body =
    options.json !== undefined ? JSON.stringify(options.json) : options.form ? new URLSearchParams(options.form).toString() : undefined;
  const headers: Record<string, string> = { ...options.headers };
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false, timeout: options.timeoutMs ?? 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json: () => JSON.parse(text) });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** Like `request`, but a network failure becomes status 0 (for load loops that count outcomes). */
export async function attempt(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResponse & { error?: string }> {
  try {
    return await request(baseUrl, method, path, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: 0, headers: {}, body: '', json: <T>() => ({}) as T, error: message };
  }
}
