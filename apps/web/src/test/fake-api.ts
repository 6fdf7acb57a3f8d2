import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** Decoded, without the /api prefix: "POST /users/load/ann@example.com". */
  path: string;
  /** The query string's parameters: "GET /admin/all-users/normal?page=1" has `{ page: '1' }`. */
  query: Record<string, string>;
  /** JSON bodies parsed; form-encoded bodies as their fields. */
  body: unknown;
  authorization: string | null;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
}

type Reply = FakeResponse | ((call: ApiCall) => FakeResponse | Promise<FakeResponse>);

function parseBody(body: RequestInit['body'], contentType: string | null): unknown {
  if (typeof body !== 'string') return undefined;
  if (contentType === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(body));
  return JSON.parse(body);
}

/**
 * Replaces fetch, the API client's only way out, with a table of answers keyed "METHOD /path".
 * A call with no answer gets a 404 error body, so a test that forgot one fails visibly.
 */
export function fakeApi(replies: Record<string, Reply>) {
  const calls: ApiCall[] = [];
  const table = new Map(Object.entries(replies));

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const call: ApiCall = {
      method,
      path: decodeURIComponent(url.pathname.replace(/^\/api/, '')),
      query: Object.fromEntries(url.searchParams),
      body: parseBody(init.body, headers.get('content-type')),
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    const reply = table.get(`${method} ${call.path}`);
    const { status, body } = reply
      ? typeof reply === 'function'
        ? await reply(call)
        : reply
      : { status: 404, body: { code: 'NOT_FOUND', message: `No fake for ${method} ${call.path}` } };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    /** Replaces or adds an answer mid-test. */
    reply(key: string, value: Reply) {
      table.set(key, value);
    },
    callsTo(key: string) {
      return calls.filter((call) => `${call.method} ${call.path}` === key);
    },
  };
}

export const ok = (body: unknown = { ok: true }): FakeResponse => ({ status: 200, body });
export const fail = (status: number, code: string, message: string): FakeResponse => ({ status, body: { code, message } });
