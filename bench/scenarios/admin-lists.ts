import { call, forwardedFor, percentile } from '../lib/http.ts';

export interface LatencyResult {
  label: string;
  p50: number;
  p95: number;
  rows: number | undefined;
}

const ROUNDS = 60;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const WARMUP = 5;

/** Every admin list call, on the large data set, one request at a time (an admin at a screen). */
export const ADMIN_CALLS: TimedCall[] = [
  { label: 'all-users/normal page 0', method: 'GET', path: '/api/admin/all-users/normal?page=0&size=20' },
  { label: 'all-users/normal deep page (offset 80,000)', method: 'GET', path: '/api/admin/all-users/normal?page=4000&size=20' },
  { label: 'all-users/normal search "smith"', method: 'GET', path: '/api/admin/all-users/normal?page=0&size=20&search=smith' },
  {
    label: 'all-users/normal search "grace.turing4"',
    method: 'GET',
    path: '/api/admin/all-users/normal?page=0&size=20&search=grace.turing4',
  },
  { label: 'all-users/normal search "a" (1 letter)', method: 'GET', path: '/api/admin/all-users/normal?page=0&size=20&search=a' },
  {
    label: 'all-users/normal filters (ACTIVE, active, pkgStandard)',
    method: 'GET',
    path: '/api/admin/all-users/normal?page=0&size=20&status=ACTIVE&subscription=active&package=pkgStandard',
  },
  {
    label: 'all-users/seo filter subscription=none, page 100',
    method: 'GET',
    path: '/api/admin/all-users/seo?page=100&size=20&subscription=none',
  },
  { label: 'expire', method: 'GET', path: '/api/admin/expire' },
  { label: 'latest-websites', method: 'GET', path: '/api/admin/latest-websites' },
  { label: 'users (count)', method: 'GET', path: '/api/admin/users' },
  { label: 'websites (count)', method: 'GET', path: '/api/admin/websites' },
  { label: 'activated-addons page 0', method: 'GET', path: '/api/admin/activated-addons?page=0&size=20' },
  { label: 'activated-addons deep page', method: 'GET', path: '/api/admin/activated-addons?page=1000&size=20' },
  { label: 'activated-addons search "lovelace"', method: 'GET', path: '/api/admin/activated-addons?page=0&size=20&search=lovelace' },
  { label: 'activated-addons search "a" (1 letter)', method: 'GET', path: '/api/admin/activated-addons?page=0&size=20&search=a' },
  { label: 'audit log page 0 (200,000 records)', method: 'GET', path: '/api/admin/audit?page=0&size=25' },
  { label: 'audit log deep page (offset 100,000)', method: 'GET', path: '/api/admin/audit?page=4000&size=25' },
  { label: 'audit log action=payment_refunded', method: 'GET', path: '/api/admin/audit?page=0&size=25&action=payment_refunded' },
  { label: 'audit log actor "ada"', method: 'GET', path: '/api/admin/audit?page=0&size=25&actor=ada' },
  {
    label: 'audit log target "lovelace" + last 30 days',
    method: 'GET',
    path: `/api/admin/audit?page=0&size=25&target=lovelace&from=${daysAgo(30)}`,
  },
  { label: 'search-users "ada"', method: 'POST', path: '/api/admin/search-users', form: { filters: JSON.stringify({ search: 'ada' }) } },
  {
    label: 'search-users "ada lovelace"',
    method: 'POST',
    path: '/api/admin/search-users',
    form: { filters: JSON.stringify({ search: 'ada lovelace' }) },
  },
];

function rowsOf(body: unknown): number | undefined {
  if (Array.isArray(body)) return body.length;
  if (body && typeof body === 'object') {
    const b = body as { total?: number; count?: number; rows?: unknown[] };
    return b.total ?? b.count ?? b.rows?.length;
  }
  return undefined;
}

export interface TimedCall {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  form?: Record<string, string>;
}

export function measureAdminLists(base: string, token: string, log: (line: string) => void): Promise<LatencyResult[]> {
  return measureCalls(base, token, ADMIN_CALLS, log);
}

/**
 * The audit log (like every security read) allows one address 60 calls a minute; each list here is
 * called 65 times, so every call comes from its own forwarded address, and the limit, which is the
 * product's, stays.
 */
let callsMade = 0;

/** Each call one request at a time (a person at a screen): 5 warm-up requests, then p50/p95 over 60. */
export async function measureCalls(base: string, token: string, calls: TimedCall[], log: (line: string) => void): Promise<LatencyResult[]> {
  const results: LatencyResult[] = [];
  for (const c of calls) {
    const times: number[] = [];
    let rows: number | undefined;
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      const r = await call(base, c.method, c.path, { token, headers: forwardedFor(11, callsMade++), ...(c.form ? { form: c.form } : {}) });
      if (r.status !== 200) throw new Error(`${c.method} ${c.path}: HTTP ${r.status} ${r.text.slice(0, 300)}`);
      if (i >= WARMUP) times.push(r.ms);
      rows = rowsOf(r.body);
    }
    const result = { label: c.label, p50: percentile(times, 50), p95: percentile(times, 95), rows };
    log(`    ${c.label}: p50 ${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms (${rows ?? '?'} rows/total)`);
    results.push(result);
  }
  return results;
}
