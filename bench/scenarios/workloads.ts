import type autocannon from 'autocannon';
import { measure, type LoadResult } from '../lib/load.ts';
import { websiteBody, type BenchCustomer } from './customers.ts';

type Log = (line: string) => void;

type Target = autocannon.Options & { title: string };

export const catalogue = (base: string): Target => ({ url: `${base}/api/packages`, title: 'GET /api/packages' });

export const bareFixed = (bareBase: string): Target => ({ url: `${bareBase}/fixed`, title: 'bare Fastify, fixed body' });

export const loadUser = (base: string, customer: BenchCustomer): Target => ({
  url: `${base}/api/users/load/${encodeURIComponent(customer.email)}`,
  method: 'POST',
  headers: { authorization: `Bearer ${customer.token}` },
  title: 'POST /api/users/load/{email}',
});

export const bareRow = (bareBase: string): Target => ({ url: `${bareBase}/one-row`, title: 'bare Fastify, one pg row' });

interface Ctx {
  customer?: BenchCustomer;
  created?: number;
  n?: number;
}

/**
 * A customer's session, repeated by each of the 50 connections: load the user, Check hits on a
 * website (the embedded 9Hits sandbox answers, on this host, at most every 15 s per website because
 * of the product's cache), create a website and delete it again (so capacity stays where it was),
 * and load the user again to list the websites. autocannon gives each pass over these requests a
 * fresh context, so each pass takes the next customer in turn and two connections may work for one
 * customer at once: every website made gets an address of its own (numbered across the whole run),
 * never one another pass still holds (until run 13 the number restarted with each pass, and two such
 * passes made the same address: a 409 and a 400 in the figures).
 */
export function mixed(
  base: string,
  customers: BenchCustomer[],
  log: Log,
  after: (phase: 'warm-up' | 'measured') => Promise<void>,
  /** The product server's pid, for its CPU per request. */
  pid?: number,
): Promise<LoadResult> {
  let next = 0;
  let made = 0;
  const own = (context: Ctx): BenchCustomer => (context.customer ??= customers[next++ % customers.length]!);
  const auth = (c: BenchCustomer) => ({ authorization: `Bearer ${c.token}` });
  const json = (c: BenchCustomer) => ({ ...auth(c), 'content-type': 'application/json' });
  const loadRequest: autocannon.Request = {
    method: 'POST',
    setupRequest: (req, context) => {
      const c = own(context as Ctx);
      return { ...req, path: `/api/users/load/${encodeURIComponent(c.email)}`, headers: auth(c) };
    },
  };
  const requests: autocannon.Request[] = [
    loadRequest,
    {
      method: 'GET',
      setupRequest: (req, context) => {
        const c = own(context as Ctx);
        return { ...req, path: `/api/website/${c.websiteId}/hits`, headers: auth(c) };
      },
    },
    {
      method: 'POST',
      setupRequest: (req, context) => {
        const ctx = context as Ctx;
        const c = own(ctx);
        ctx.n ??= ++made;
        return { ...req, path: '/api/website', headers: json(c), body: JSON.stringify(websiteBody(1000 + ctx.n)) };
      },
      onResponse: (status, body, context) => {
        (context as Ctx).created = status === 201 ? (JSON.parse(body) as { id: number }).id : undefined;
      },
    },
    {
      method: 'DELETE',
      setupRequest: (req, context) => {
        const ctx = context as Ctx;
        const c = own(ctx);
        return { ...req, path: `/api/website/${ctx.created ?? 0}`, headers: auth(c) };
      },
    },
    loadRequest,
  ];
  return measure({ url: base, requests, title: 'mixed customer workload', pid }, log, after);
}
