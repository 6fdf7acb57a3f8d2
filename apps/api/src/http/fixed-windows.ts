/** Keys kept at most (as the rate-limit plugin's own local store), least recently counted out first. */
const MAX_KEYS = 5000;

/**
 * Counts per key in fixed windows, in this process alone: the sign-in limits' store without Redis
 * (rate-limit.ts) and the per-token counter without Redis (token-call-limit.ts). Each call gets its
 * own reading of the count.
 */
export class FixedWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  /** Adds `n` to the key's count in its current window (a new one of `windowMs` if it has none): the count after, and the window's time left. */
  add(key: string, n: number, windowMs: number): { count: number; ttlMs: number } {
    const now = this.clock();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) window = { count: 0, endsAt: now + windowMs };
    window.count += n;
    // Map keeps insertion order: re-inserting marks the key most recently counted.
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
    return { count: window.count, ttlMs: window.endsAt - now };
  }
}
