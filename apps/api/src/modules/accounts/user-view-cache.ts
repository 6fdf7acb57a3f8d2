/**
 * The signed-in customer's own user object, serialised, kept per server process (every page loads
 * it). An entry is served only while both hold:
 *   - the stamp read with the session check equals the one it was built under — any committed change
 *     to what the object is made of changes the stamp (user-view.repository.ts `userViewStamp`), in
 *     this process or any other;
 *   - the clock has not reached the first subscription or add-on expiry after it was built, where
 *     the statistics change without any write.
 * Least recently used entries go first past MAX_ENTRIES (~3 kB each), so memory stays bounded.
 */
const MAX_ENTRIES = 2000;

interface Entry {
  stamp: string;
  json: string;
  /** Epoch ms of the next expiry the statistics depend on (Infinity when none). */
  validUntil: number;
}

export class UserViewCache {
  private readonly entries = new Map<number, Entry>();

  get(userId: number, stamp: string, now: Date): string | undefined {
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || now.getTime() >= entry.validUntil) {
      this.entries.delete(userId);
      return undefined;
    }
    // Map keeps insertion order: re-inserting marks the entry most recently used.
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    return entry.json;
  }

  set(userId: number, entry: Entry): void {
    this.entries.delete(userId);
    this.entries.set(userId, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The first of `expiries` (ISO dates) after `now`: where a user object's statistics next change. */
export function nextChange(expiries: Iterable<string>, now: Date): number {
  let next = Infinity;
  for (const iso of expiries) {
    const at = Date.parse(iso);
    if (at > now.getTime() && at < next) next = at;
  }
  return next;
}
