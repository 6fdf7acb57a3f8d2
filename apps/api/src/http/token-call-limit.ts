import type { Redis } from 'ioredis';
import { FixedWindows } from './fixed-windows.ts';

/**
 * Where the per-token call counts live: one fixed window per key. `add` puts `n` calls on the key's
 * count in its current window (opening a window of `windowMs` when there is none) and answers the
 * count after, and how long that window still runs.
 */
export interface CallCounter {
  add(key: string, n: number, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

/** The script's one round trip: the count, and a window that always ends. */
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}`;

/** The counts in Redis, shared by every server process. */
export function redisCallCounter(redis: Redis, prefix: string): CallCounter {
  return {
    async add(key, n, windowMs) {
      const [count, ttlMs] = (await redis.eval(ADD_SCRIPT, 1, prefix + key, n, windowMs)) as [number, number];
      return { count, ttlMs };
    },
  };
}

/** The counts of this process alone (no REDIS_URL). */
export function processCallCounter(clock: () => number = Date.now): CallCounter {
  const windows = new FixedWindows(clock);
  return { add: (key, n, windowMs) => Promise.resolve(windows.add(key, n, windowMs)) };
}

export interface CallVerdict {
  allowed: boolean;
  limit: number;
  /** Calls left in the window, as far as this process knows. */
  remaining: number;
  /** Seconds until the window ends (at least 1). */
  resetS: number;
}

/** This process's share of a key's window: calls it reserved in the counter and has not spent yet. */
interface Lease {
  endsAt: number;
  left: number;
  /** The calls the shared count had granted in this window after this process's last reservation (at most the limit). */
  granted: number;
  /** How many calls the next reservation takes at once. */
  block: number;
  reservedAt: number;
  reserving?: Promise<void>;
}

/** A reservation is doubled while the calls spend each one within this time, and back to one otherwise. */
const FAST_MS = 250;
const MAX_BLOCK = 64;
/** At most this share of the limit in one reservation, so other processes are never starved by much. */
const MAX_BLOCK_SHARE = 1 / 20;
const MAX_LEASES = 5000;

/**
 * Each personal access token's calls per minute (docs/decisions/0037-personal-access-tokens.md),
 * counted in a shared counter without one round trip per call. The process reserves calls in
 * blocks and spends them locally: a token calling slowly reserves one call at a time, as a plain
 * counter would; a token calling fast reserves twice as many each time it spends a block within
 * a quarter second (at most 64, a twentieth of the limit, and an eighth of what is left). So:
 *   - no process ever lets a token past its limit: a call passes only on a reservation the shared
 *     count granted, and the count never grants more than the limit in a window;
 *   - a token refused by its limit is refused by this process without asking again until the
 *     window ends (its count cannot come down within a window);
 *   - with several processes, a fast token may be refused while another process still holds
 *     calls it reserved: at most a twentieth of the limit per other process, in the window's
 *     last calls; and its RateLimit-Remaining says what the answering process last learnt from
 *     the shared count (exact while one process serves the token).
 * A counter that fails lets the call through (as the sign-in limits do: an outage of Redis must
 * not stop the API).
 */
export class TokenCallLimiter {
  private readonly leases = new Map<string, Lease>();

  constructor(
    private readonly counter: CallCounter,
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The call's verdict, or undefined when the counter failed (the call passes, and nothing is known of the window). */
  async check(key: string): Promise<CallVerdict | undefined> {
    for (;;) {
      const lease = this.leases.get(key);
      const now = this.now();
      if (lease && now < lease.endsAt) {
        if (lease.left > 0) {
          lease.left -= 1;
          return this.verdict(true, lease, now);
        }
        // The window's calls are all granted: nothing can pass until it ends.
        if (lease.granted >= this.limit) return this.verdict(false, lease, now);
      }
      if (lease?.reserving) {
        await lease.reserving;
        continue;
      }
      const reserved = await this.reserve(key, lease, now);
      if (!reserved) return undefined;
    }
  }

  /** Takes the next block of calls from the counter; false when the counter failed. */
  private async reserve(key: string, previous: Lease | undefined, now: number): Promise<boolean> {
    const fast = previous !== undefined && now < previous.endsAt && now - previous.reservedAt < FAST_MS;
    const cap = Math.max(1, Math.min(MAX_BLOCK, Math.floor(this.limit * MAX_BLOCK_SHARE)));
    // Near the limit the blocks shrink (an eighth of what the count last said was left), so a
    // script's RateLimit-Remaining stays close and no process sits on calls another needs.
    const room = this.limit - (previous && now < previous.endsAt ? previous.granted : 0);
    const block = fast ? Math.max(1, Math.min(previous.block * 2, cap, Math.floor(room / 8))) : 1;
    const lease: Lease = previous ?? { endsAt: 0, left: 0, granted: 0, block, reservedAt: now };
    let ok = true;
    lease.reserving = this.counter.add(key, block, this.windowMs).then(
      ({ count, ttlMs }) => {
        const before = count - block;
        const granted = Math.max(0, Math.min(block, this.limit - before));
        // Reserved only once the last block is spent or its window ended: nothing else is left.
        lease.left = granted;
        lease.granted = Math.min(this.limit, before + granted);
        // Counted from before the round trip: the counter's window may have started ending while
        // its answer travelled, and a lease must never outlive it (its calls would pass in the next).
        lease.endsAt = now + Math.max(1, ttlMs);
        lease.block = block;
        lease.reservedAt = now;
      },
      () => {
        ok = false;
      },
    );
    this.leases.delete(key);
    this.leases.set(key, lease);
    if (this.leases.size > MAX_LEASES) this.leases.delete(this.leases.keys().next().value!);
    // Settles either way (a failure sets `ok`).
    await lease.reserving;
    lease.reserving = undefined;
    return ok;
  }

  private verdict(allowed: boolean, lease: Lease, now: number): CallVerdict {
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - lease.granted + lease.left),
      resetS: Math.max(1, Math.ceil((lease.endsAt - now) / 1000)),
    };
  }
}
