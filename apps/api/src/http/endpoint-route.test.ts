import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { catalogueApi, websitesApi } from '@traffic/shared/contract';
import { route } from './endpoint-route.ts';
import { sendJson } from './send-json.ts';

/** A Fastify app whose log lines are kept, as the product's are written. */
async function appWithLog() {
  const lines: { level: number; msg: string }[] = [];
  const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return { app, lines };
}

describe('route() from a registry entry', () => {
  it('answers with the status of the entry and the body the handler returns', async () => {
    const { app } = await appWithLog();
    await route(app, websitesApi.togglePause, (request) => ({ status: 'PAUSED' as const, message: `paused ${request.params.id}` }));
    const res = await app.inject({ method: 'POST', url: '/website/7/pause' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'PAUSED', message: 'paused 7' });
    await app.close();
  });

  it('lets a handler send pre-serialised JSON itself, without a second send', async () => {
    const { app, lines } = await appWithLog();
    await route(app, catalogueApi.packages.list, async (_request, reply) => sendJson(reply, '[]'));
    const res = await app.inject({ method: 'GET', url: '/packages' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[]');
    await app.close();
    // A second reply.send() is answered by Fastify with a warning on every request (and costs ~4x throughput).
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('answers once whether the handler answers at once, by a promise or by another thenable, sending itself or not', async () => {
    const { app, lines } = await appWithLog();
    const thenable = { then: (resolve: (value: unknown) => void) => resolve({ status: 'ACTIVE', message: 'later' }) };
    let handler: Parameters<typeof route<typeof websitesApi.togglePause>>[2] = () => thenable as never;
    await route(app, websitesApi.togglePause, (request, reply) => handler(request, reply));
    const call = async () => (await app.inject({ method: 'POST', url: '/website/7/pause' })).json();
    expect(await call()).toEqual({ status: 'ACTIVE', message: 'later' });
    handler = async () => ({ status: 'PAUSED', message: 'by promise' });
    expect(await call()).toEqual({ status: 'PAUSED', message: 'by promise' });
    handler = (_request, reply) => sendJson(reply, '{"status":"PAUSED","message":"sent at once"}');
    expect(await call()).toEqual({ status: 'PAUSED', message: 'sent at once' });
    handler = async (_request, reply) => sendJson(reply, '{"status":"ACTIVE","message":"sent later"}');
    expect(await call()).toEqual({ status: 'ACTIVE', message: 'sent later' });
    await app.close();
    expect(lines.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('never sends an answer that does not match the response schema', async () => {
    const { app } = await appWithLog();
    await route(app, websitesApi.togglePause, () => ({ status: 'GONE', message: 'x' }) as never);
    expect((await app.inject({ method: 'POST', url: '/website/7/pause' })).statusCode).toBe(500);
    await app.close();
  });
});
