import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { processCallCounter, redisCallCounter, TokenCallLimiter, type CallCounter } from './token-call-limit.ts';

/** A shared counter that records each reservation (what one round trip to Redis would be). */
function countingCounter(inner: CallCounter = processCallCounter()) {
  const reservations: number[] = [];
  const counter: CallCounter = {
    add(key, n, windowMs) {
      reservations.push(n);
      return inner.add(key, n, windowMs);
    },
  };
  return { counter, reservations };
}

const clock = () => {
  let at = 1_000_000;
  return { now: () => at, advance: (ms: number) => (at += ms) };
};

describe('TokenCallLimiter', () => {
  it('a token calling slowly reserves one call at a time: exact remaining, refused at the limit, again in the next window', async () => {
    const time = clock();
    const { counter, reservations } = countingCounter(processCallCounter(time.now));
    const limiter = new TokenCallLimiter(counter, 3, 60_000, time.now);
    const seen = [];
    for (let i = 0; i < 4; i++) {
      seen.push(await limiter.check('t'));
      time.advance(1000);
    }
    expect(seen.map((v) => [v!.allowed, v!.remaining])).toEqual([
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(seen[3]!.resetS).toBe(57);
    // Refused without asking the counter again: the window's count cannot come down.
    expect(reservations).toEqual([1, 1, 1]);
    await limiter.check('t');
    expect(reservations).toHaveLength(3);
    time.advance(60_000);
    expect(await limiter.check('t')).toMatchObject({ allowed: true, remaining: 2 });
  });

  it('a token calling fast reserves ever larger blocks, up to 64 or a twentieth of the limit', async () => {
    const { counter, reservations } = countingCounter();
    const limiter = new TokenCallLimiter(counter, 1_000_000, 60_000, clock().now);
    for (let i = 0; i < 1000; i++) expect((await limiter.check('fast'))!.allowed).toBe(true);
    expect(reservations.slice(0, 8)).toEqual([1, 2, 4, 8, 16, 32, 64, 64]);
    expect(reservations.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(1000);
    expect(reservations.length).toBeLessThan(25);

    const small = countingCounter();
    const limited = new TokenCallLimiter(small.counter, 100, 60_000, clock().now);
    for (let i = 0; i < 100; i++) await limited.check('fast');
    expect(Math.max(...small.reservations)).toBe(5);
  });

  it('concurrent calls wait for the one reservation in flight instead of each asking', async () => {
    const { counter, reservations } = countingCounter();
    const limiter = new TokenCallLimiter(counter, 1000, 60_000, clock().now);
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => limiter.check('burst')));
    expect(verdicts.every((v) => v!.allowed)).toBe(true);
    expect(reservations.length).toBeLessThan(50);
    expect(reservations.reduce((a, b) => a + b)).toBeGreaterThanOrEqual(50);
  });

  it('several processes sharing one counter never let more than the limit through, and fall short by at most a block each', async () => {
    const time = clock();
    const shared = processCallCounter(time.now);
    const processes = [0, 1, 2].map(() => new TokenCallLimiter(shared, 200, 60_000, time.now));
    let passed = 0;
    for (let round = 0; round < 100; round++) {
      const verdicts = await Promise.all(processes.flatMap((p) => [p.check('k'), p.check('k')]));
      passed += verdicts.filter((v) => v!.allowed).length;
    }
    expect(passed).toBeLessThanOrEqual(200);
    // Each of the other two processes may hold at most 9 calls of its last block of 10 unspent.
    expect(passed).toBeGreaterThanOrEqual(200 - 2 * 9);
  });

  it('a lease ends when the counter’s window ends, counted from before the round trip that reported it', async () => {
    const time = clock();
    const shared = processCallCounter(time.now);
    // The answer takes 40 ms to arrive: the window it reports began ending when it was sent.
    const slow: CallCounter = {
      add: async (key, n, windowMs) => {
        const answer = await shared.add(key, n, windowMs);
        time.advance(40);
        return answer;
      },
    };
    const limiter = new TokenCallLimiter(slow, 2, 60_000, time.now);
    expect(await limiter.check('t')).toMatchObject({ allowed: true });
    expect(await limiter.check('t')).toMatchObject({ allowed: true });
    expect(await limiter.check('t')).toMatchObject({ allowed: false, resetS: 60 });
    // At the counter's own end of the window the lease is over too; the next window counts afresh.
    time.advance(60_000 - 80);
    expect(await limiter.check('t')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('a failing counter lets the call through, with nothing known of the window', async () => {
    const limiter = new TokenCallLimiter({ add: () => Promise.reject(new Error('Redis is down')) }, 5, 60_000);
    expect(await limiter.check('t')).toBeUndefined();
  });
});

describe.runIf(process.env.REDIS_URL)('the call counter in Redis', () => {
  it('adds to one window that ends, shared by every limiter on it', async () => {
    const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1 });
    try {
      const prefix = `test-token-calls-${process.pid}-${Date.now()}:`;
      const counter = redisCallCounter(redis, prefix);
      expect(await counter.add('k', 3, 60_000)).toMatchObject({ count: 3 });
      const second = await counter.add('k', 2, 60_000);
      expect(second.count).toBe(5);
      expect(second.ttlMs).toBeGreaterThan(59_000);
      expect(second.ttlMs).toBeLessThanOrEqual(60_000);
      const [one, two] = [new TokenCallLimiter(counter, 7, 60_000), new TokenCallLimiter(counter, 7, 60_000)];
      expect(await one.check('k')).toMatchObject({ allowed: true });
      expect(await two.check('k')).toMatchObject({ allowed: true });
      expect(await one.check('k')).toMatchObject({ allowed: false });
      expect(await redis.get(`${prefix}k`)).toBe('8');
      await redis.del(`${prefix}k`);
    } finally {
      redis.disconnect();
    }
  });
});
