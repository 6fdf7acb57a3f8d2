import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NinehitsClient } from '../modules/delivery/ninehits-client.ts';
import { boundToJob, callSignal, untilJobStops } from './call-signal.ts';

/** A job's calls out stop with the job: the client carries the job's signal (lib/call-signal.ts). */
describe('calls out made for a job', () => {
  let server: Server;
  let baseUrl: string;
  let received = 0;
  beforeAll(async () => {
    // A 9Hits that takes every call and never answers.
    server = createServer(() => void received++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('stop as soon as the job stops; the same client outside the job waits for its own timeout', async () => {
    const client = new NinehitsClient(baseUrl, 'key', 60_000);
    const job = new AbortController();
    const bound = boundToJob(client, job.signal);
    expect(bound.jobSignal).toBe(job.signal);
    expect(client.jobSignal).toBeUndefined();

    const before = received;
    const call = bound.profileGet().then(
      () => 'answered',
      () => 'stopped',
    );
    const unbound = client.profileGet().then(
      () => 'answered',
      () => 'stopped',
    );
    await expect.poll(() => received - before).toBe(2);
    const started = Date.now();
    job.abort(new Error('the job must stop'));
    expect(await call).toBe('stopped');
    expect(Date.now() - started).toBeLessThan(1000);
    const race = await Promise.race([unbound, new Promise((resolve) => setTimeout(() => resolve('still waiting'), 200))]);
    expect(race).toBe('still waiting');
  });

  it('a bound copy shares the client’s state', () => {
    class Client {
      declare readonly jobSignal?: AbortSignal;
      readonly state = { token: 'a' };
    }
    const client = new Client();
    const bound = boundToJob(client, new AbortController().signal);
    bound.state.token = 'b';
    expect(client.state.token).toBe('b');
  });

  it('callSignal aborts with the job or the timeout; untilJobStops stops waiting when the job stops', async () => {
    const job = new AbortController();
    const signal = callSignal(60_000, job.signal);
    const waiting = untilJobStops(new Promise(() => undefined), job.signal);
    expect(signal.aborted).toBe(false);
    job.abort(new Error('stop'));
    expect(signal.aborted).toBe(true);
    await expect(waiting).rejects.toThrow('stop');
    expect(callSignal(60_000, undefined).aborted).toBe(false);
  });
});
