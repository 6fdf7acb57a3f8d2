/**
 * The signed-in callers' sessions and user objects, kept per server process for at most a second
 * (decision 0043): every call checks its session, and every page loads the user object.
 *
 * An entry is forgotten as soon as the database announces a change to its account (migration 0027:
 * triggers on every table the session check or the user object reads NOTIFY the account ids on
 * ACCOUNTS_CHANGED, whoever wrote). The process that made the change hears it before its commit
 * returns (packages/db/src/client.ts), so a revoked session or a deactivated account is refused at once
 * there; every other process hears it about a millisecond later. MAX_AGE_MS bounds what a lost
 * notice (a dropped connection) could leave behind, and a user object is also dropped at the first
 * subscription or add-on expiry after it was built, where its statistics change without any write.
 *
 * A read that started before an announcement must not store what it read after it: `version(id)`
 * taken before the read has to equal the one at the store (one counter per bucket of accounts).
 */
export const MAX_AGE_MS = 1000;
/** Accounts kept at most (a session row and a ~3 kB user object each); least recently used go first. */
const MAX_ACCOUNTS = 2000;
const BUCKETS = 1024;

/** The session check's row for one open session. */
export interface SessionRow {
  id: number;
  email: string;
  username: string;
  role: string;
  status: string;
  twoFactor: boolean;
  lastSeenAt: Date;
}

interface Account {
  /** performance.now() when the first thing in it was stored: the whole account goes MAX_AGE_MS later. */
  storedAt: number;
  sessions: Map<string, SessionRow>;
  view?: { json: string; validUntil: number };
}

export class AccountCache {
  private readonly accounts = new Map<number, Account>();
  private readonly versions = new Uint32Array(BUCKETS);
  /** Bumped by an announcement for any account ('*'). */
  private epoch = 0;

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** What an announcement since this call will have changed; take it before reading the database. */
  version(userId: number): number {
    return this.epoch * 2 ** 32 + this.versions[userId % BUCKETS]!;
  }

  session(userId: number, sessionId: string): SessionRow | undefined {
    return this.fresh(userId)?.sessions.get(sessionId);
  }

  storeSession(userId: number, sessionId: string, row: SessionRow, version: number): void {
    this.account(userId, version)?.sessions.set(sessionId, row);
  }

  /** The user object, serialised, unless a subscription or add-on has expired since (`nowMs`, the app's clock). */
  view(userId: number, nowMs: number): string | undefined {
    const view = this.fresh(userId)?.view;
    return view && nowMs < view.validUntil ? view.json : undefined;
  }

  storeView(userId: number, json: string, validUntil: number, version: number): void {
    const account = this.account(userId, version);
    if (account) account.view = { json, validUntil };
  }

  /** An ACCOUNTS_CHANGED payload: account ids separated by commas, or '*'. */
  changed(payload: string): void {
    if (payload === '*') {
      this.epoch++;
      this.accounts.clear();
      return;
    }
    for (const part of payload.split(',')) {
      const id = Number(part);
      if (!Number.isSafeInteger(id) || id < 0) {
        this.changed('*');
        return;
      }
      this.versions[id % BUCKETS]!++;
      this.accounts.delete(id);
    }
  }

  get size(): number {
    return this.accounts.size;
  }

  private fresh(userId: number): Account | undefined {
    const account = this.accounts.get(userId);
    if (!account) return undefined;
    if (this.clock() - account.storedAt >= MAX_AGE_MS) {
      this.accounts.delete(userId);
      return undefined;
    }
    return account;
  }

  /** The account's entry to store into, or none if its version moved since the read began. */
  private account(userId: number, version: number): Account | undefined {
    if (this.version(userId) !== version) return undefined;
    let account = this.fresh(userId);
    if (account) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.accounts.delete(userId);
    } else {
      account = { storedAt: this.clock(), sessions: new Map() };
    }
    this.accounts.set(userId, account);
    if (this.accounts.size > MAX_ACCOUNTS) this.accounts.delete(this.accounts.keys().next().value!);
    return account;
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
