import { readAccountsChange } from '@traffic/db';
import type { AuthUser } from '../../core/auth-user.ts';

/**
 * The signed-in callers' sessions, access tokens and user objects, kept per server process for at most a second
 * (decision 0043): every call checks its session, and every page loads the user object.
 *
 * An entry is forgotten as soon as the database announces a change to its account (migrations 0027
 * and 0030: triggers on every table the session check or the user object reads announce the account
 * ids on ACCOUNTS_CHANGED, whoever wrote); an announcement of the user object alone (migration 0033:
 * a website, add-on, subscription or notification) forgets the user object and keeps the sessions
 * and tokens, which read none of those tables. The process that made the change hears it once the
 * transaction has ended, before its commit returns (packages/db/src/after-commit.ts), so a revoked
 * session or a deactivated account is refused at once there; every other process hears it well
 * within a millisecond later. MAX_AGE_MS bounds what a lost
 * notice (a dropped connection) could leave behind, and a user object is also dropped at the first
 * subscription or add-on expiry after it was built, where its statistics change without any write.
 *
 * A read that started before an announcement must not store what it read after it: the ticket
 * `beginRead(id)` gives before the read must still hold at the store (one counter per bucket of
 * accounts). What it read is as old as the read's start, so its second is counted from there.
 */
export const MAX_AGE_MS = 1000;
/** Accounts kept at most (a session row and a ~3 kB user object each); least recently used go first. */
const MAX_ACCOUNTS = 2000;
const BUCKETS = 1024;

/** The session check's row for one open session: the caller's account as it reads, and when the session was last seen. */
export type SessionRow = Pick<AuthUser, 'id' | 'email' | 'username' | 'role' | 'status' | 'twoFactor'> & { lastSeenAt: Date };

/** Taken before a read of the database, handed back with what it found. */
export interface ReadTicket {
  /** The account's version, or NaN when the read does not know the account yet (a token's first check). */
  version: number;
  /** The version of its user object (moved by every announcement of the account, user object alone or not). */
  viewVersion: number;
  /** How many announcements this process had heard (for a read of an account not known yet). */
  heard: number;
  /** The cache's clock when the read began. */
  at: number;
}

interface Account<TokenRow> {
  /** The cache's clock when the oldest read in it began: the whole account goes MAX_AGE_MS later. */
  readAt: number;
  sessions: Map<string, SessionRow>;
  /** Personal access tokens' check rows (http/token-auth.ts), by the token's hash. */
  tokens: Map<string, TokenRow>;
  view?: { json: string; validUntil: number };
}

export class AccountCache<TokenRow = never> {
  private readonly accounts = new Map<number, Account<TokenRow>>();
  private readonly versions = new Uint32Array(BUCKETS);
  private readonly viewVersions = new Uint32Array(BUCKETS);
  /** Bumped by an announcement for any account ('*'). */
  private epoch = 0;
  /** Bumped by an announcement for any account's user object ('v:*'), and with `epoch`. */
  private viewEpoch = 0;
  /** Every announcement heard. */
  private heard = 0;
  /** Whose each token is (a token never changes hands), so its check finds the account. */
  private readonly tokenOwners = new Map<string, number>();

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Take before reading the database what a store will then hand back; without the account, any announcement voids it. */
  beginRead(userId?: number): ReadTicket {
    return {
      version: userId === undefined ? NaN : this.version(userId),
      viewVersion: userId === undefined ? NaN : this.viewVersion(userId),
      heard: this.heard,
      at: this.clock(),
    };
  }

  session(userId: number, sessionId: string): SessionRow | undefined {
    return this.fresh(userId)?.sessions.get(sessionId);
  }

  storeSession(userId: number, sessionId: string, row: SessionRow, ticket: ReadTicket): void {
    this.account(userId, ticket)?.sessions.set(sessionId, row);
  }

  /** The check row of the token with this hash, and whose it is, if its account is held. */
  token(hash: string): { userId: number; row: TokenRow } | undefined {
    const userId = this.tokenOwners.get(hash);
    const row = userId === undefined ? undefined : this.fresh(userId)?.tokens.get(hash);
    return row === undefined ? undefined : { userId: userId!, row };
  }

  /** The account a token belongs to, if this process has checked it before. */
  tokenOwner(hash: string): number | undefined {
    return this.tokenOwners.get(hash);
  }

  storeToken(userId: number, hash: string, row: TokenRow, ticket: ReadTicket): void {
    const account = this.account(userId, ticket);
    if (!account) return;
    account.tokens.set(hash, row);
    this.tokenOwners.delete(hash);
    this.tokenOwners.set(hash, userId);
    if (this.tokenOwners.size > MAX_ACCOUNTS) this.tokenOwners.delete(this.tokenOwners.keys().next().value!);
  }

  /** The user object, serialised, unless a subscription or add-on has expired since (`nowMs`, the app's clock). */
  view(userId: number, nowMs: number): string | undefined {
    const view = this.fresh(userId)?.view;
    return view && nowMs < view.validUntil ? view.json : undefined;
  }

  storeView(userId: number, json: string, validUntil: number, ticket: ReadTicket): void {
    if (this.viewVersion(userId) !== ticket.viewVersion) return;
    const account = this.account(userId, ticket);
    if (account) account.view = { json, validUntil };
  }

  /**
   * An ACCOUNTS_CHANGED payload (read by `readAccountsChange`): accounts changed, or only their user
   * objects; a payload it cannot read (such as 'v:7,7' from an earlier build joining 'v:7' and '7')
   * means every account.
   */
  changed(payload: string): void {
    const { viewOnly, ids } = readAccountsChange(payload);
    if (viewOnly) return this.viewsChanged(ids);
    this.heard++;
    if (!ids) {
      this.epoch++;
      this.viewEpoch++;
      this.accounts.clear();
      return;
    }
    for (const id of ids) {
      this.versions[id % BUCKETS]!++;
      this.viewVersions[id % BUCKETS]!++;
      this.accounts.delete(id);
    }
  }

  /** The user objects of these accounts (without `ids`, of every account) are out of date; their sessions and tokens are not. */
  private viewsChanged(ids: number[] | undefined): void {
    if (!ids) {
      this.viewEpoch++;
      for (const account of this.accounts.values()) account.view = undefined;
      return;
    }
    for (const id of ids) {
      this.viewVersions[id % BUCKETS]!++;
      const account = this.accounts.get(id);
      if (account) account.view = undefined;
    }
  }

  get size(): number {
    return this.accounts.size;
  }

  private version(userId: number): number {
    return this.epoch * 2 ** 32 + this.versions[userId % BUCKETS]!;
  }

  private viewVersion(userId: number): number {
    return this.viewEpoch * 2 ** 32 + this.viewVersions[userId % BUCKETS]!;
  }

  private fresh(userId: number): Account<TokenRow> | undefined {
    const account = this.accounts.get(userId);
    if (!account) return undefined;
    if (this.clock() - account.readAt >= MAX_AGE_MS) {
      this.accounts.delete(userId);
      return undefined;
    }
    return account;
  }

  /** The account's entry to store into, or none if it changed since the read began, or the read is too old. */
  private account(userId: number, ticket: ReadTicket): Account<TokenRow> | undefined {
    const unchanged = Number.isNaN(ticket.version) ? this.heard === ticket.heard : this.version(userId) === ticket.version;
    if (!unchanged || this.clock() - ticket.at >= MAX_AGE_MS) return undefined;
    let account = this.fresh(userId);
    if (account) {
      // Map keeps insertion order: re-inserting marks it most recently used.
      this.accounts.delete(userId);
      account.readAt = Math.min(account.readAt, ticket.at);
    } else {
      account = { readAt: ticket.at, sessions: new Map(), tokens: new Map() };
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
