import type pg from 'pg';

/**
 * The SQLSTATE of the notice by which migration 0030's `announce()` tells a connection of ours what
 * its transaction changed, instead of a NOTIFY inside that transaction.
 */
export const ANNOUNCE_NOTICE = 'TRA01';
/**
 * Set on each of our connections: `announce()` then sends notices, and this module NOTIFYs after the
 * commit. A role or database set to send fewer messages would silence them, so it is set here too.
 */
export const ANNOUNCE_SETTING = `set traffic.announce = 'after_commit'; set client_min_messages = notice`;
/** How long the announcing statement may take before it is given up (and tried once more). */
const SEND_TIMEOUT_MS = 5000;

/**
 * The channel on which the database announces the accounts whose session or user object a committed
 * statement changed (migration 0027): their ids separated by commas, or '*' for any account; or
 * (migration 0033) VIEW_ONLY_PREFIX and the ids separated by semicolons, or 'v:*', for accounts
 * whose user object alone changed (their websites, add-ons, subscriptions or notifications), not
 * what a session's or token's check reads. The semicolons make a view-only payload that an earlier
 * build's announcer joined with others (by commas) unreadable as one, so it counts as '*'.
 */
export const ACCOUNTS_CHANGED = 'accounts_changed';
const VIEW_ONLY_PREFIX = 'v:';
const ACCOUNT_IDS = /^\d{1,15}(,\d{1,15})*$/;
const VIEW_IDS = /^\d{1,15}(;\d{1,15})*$/;

/** What an ACCOUNTS_CHANGED payload says: these accounts (every one without `ids`) changed, or only their user objects. */
export interface AccountsChange {
  viewOnly: boolean;
  ids?: number[];
}

/** Reads a payload; one it cannot read (none the triggers send) means every account changed. */
export function readAccountsChange(payload: string): AccountsChange {
  if (payload.startsWith(VIEW_ONLY_PREFIX)) {
    const list = payload.slice(VIEW_ONLY_PREFIX.length);
    if (list === '*') return { viewOnly: true };
    if (VIEW_IDS.test(list)) return { viewOnly: true, ids: list.split(';').map(Number) };
  }
  return ACCOUNT_IDS.test(payload) ? { viewOnly: false, ids: payload.split(',').map(Number) } : { viewOnly: false };
}

/** The payload of a change, as the triggers of migrations 0027 and 0033 write it; '*' (or 'v:*') past MAX_IDS. */
function writeAccountsChange({ viewOnly, ids }: AccountsChange): string {
  const list = ids && ids.length <= MAX_IDS ? ids.join(viewOnly ? ';' : ',') : '*';
  return viewOnly ? VIEW_ONLY_PREFIX + list : list;
}
/** The channel the jobs table's trigger announces new work on (migration 0030). */
export const JOBS_DUE = 'jobs_due';

/** More account ids than this in one announcement become '*' (as the triggers do past 500 rows). */
const MAX_IDS = 500;

type Emit = (channel: string, payload: string) => void;
type Query = (query: { text: string; values: string[]; query_timeout: number }) => Promise<unknown>;

/**
 * Why not NOTIFY inside the writing transaction (as migrations 0015 and 0027 first did): PostgreSQL
 * 15 lets one notifying transaction commit at a time, holding that lock through its commit's WAL
 * flush. Under many writes those commits queued behind each other (docs/performance.md, run 8).
 *
 * So each connection of the pool is told to announce after its commit: the triggers' notices
 * (channel in the message, payload in the detail) are kept per connection until it reports that no
 * transaction is open any more, then:
 *  - this process hears them at once (`emit`), before the statement's caller resumes, so the writer's
 *    next call sees its change;
 *  - every process hears them through one NOTIFY per tick, sent from a transaction of its own that
 *    commits without waiting for the disk: it carries no data, and a notice lost to a crash is what
 *    MAX_AGE_MS of the account cache and the job runner's poll already bound.
 * A transaction that rolled back is announced too, and so is one whose connection was lost before
 * it answered (it may have committed): forgetting a copy is always safe.
 *
 * A NOTIFY on these channels sent through the pool is taken for this process's own (`isOwn`): code
 * announces through `announce()`, never with its own NOTIFY.
 */
export class AfterCommitAnnouncer {
  private queued = new Map<string, Set<string>>();
  private scheduled = false;
  private sending = false;
  private closed = false;
  /** The backends of our pool: a NOTIFY from one of them is this process's own, already heard. */
  private readonly backends = new Set<number>();

  constructor(
    /** Runs one statement on any pooled connection. */
    private readonly query: Query,
    /** This process's own hearing of an announcement. */
    private readonly emit: Emit,
  ) {}

  /** Called for each new pooled connection, after `ANNOUNCE_SETTING` is set on it. */
  attach(client: pg.PoolClient): void {
    const pending = new Map<string, Set<string>>();
    const pid = (client as unknown as { processID: number }).processID;
    this.backends.add(pid);
    const ended = (): void => {
      // Pending notices here belong to a statement or transaction whose answer never came.
      this.backends.delete(pid);
      this.announce(pending);
    };
    client.on('end', ended);
    client.on('notice', (notice) => {
      if (notice.code === ANNOUNCE_NOTICE && notice.message) add(pending, notice.message, notice.detail ?? '');
    });
    // pg's Client sets its transaction status from this same message just before; our listener
    // runs after its own, in the same turn, so before the promise of the statement resolves.
    client.connection.on('readyForQuery', () => {
      if (pending.size > 0 && client.getTransactionStatus() === 'I') this.announce(pending);
    });
  }

  private announce(pending: Map<string, Set<string>>): void {
    if (pending.size === 0) return;
    for (const [channel, payloads] of pending) {
      for (const payload of payloads) {
        this.emit(channel, payload);
        add(this.queued, channel, payload);
      }
    }
    pending.clear();
    this.schedule();
  }

  /** Whether a notification came from one of this process's own connections. */
  isOwn(processId: number): boolean {
    return this.backends.has(processId);
  }

  /** Sends what is still to be announced, then announces nothing more. */
  async close(): Promise<void> {
    while (this.sending || this.scheduled) await new Promise((resolve) => setImmediate(resolve));
    await this.send();
    this.closed = true;
  }

  private schedule(): void {
    if (this.scheduled || this.sending || this.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.send();
    });
  }

  private async send(): Promise<void> {
    if (this.queued.size === 0 || this.closed) return;
    const batch = this.queued;
    this.queued = new Map();
    this.sending = true;
    const values: string[] = [];
    for (const [channel, payloads] of batch) {
      for (const payload of merge(channel, payloads)) values.push(channel, payload);
    }
    const notifies = Array.from({ length: values.length / 2 }, (_, i) => `pg_notify($${2 * i + 1}, $${2 * i + 2})`);
    const statement = {
      text: `select set_config('synchronous_commit', 'off', true), ${notifies.join(', ')}`,
      values,
      query_timeout: SEND_TIMEOUT_MS,
    };
    try {
      // Once more on failure: one broken pooled connection should not cost the batch.
      await this.query(statement).catch(() => this.query(statement));
    } catch {
      // The database is unreachable: other processes keep a copy at most MAX_AGE_MS (the account
      // cache) or find the job at their next poll, and forget every account when their listening
      // connection comes back (PgListener's onResume).
    } finally {
      this.sending = false;
      if (this.queued.size > 0) this.schedule();
    }
  }
}

function add(map: Map<string, Set<string>>, channel: string, payload: string): void {
  let payloads = map.get(channel);
  if (!payloads) map.set(channel, (payloads = new Set()));
  payloads.add(payload);
}

/**
 * One payload per channel, where the channel's payloads are lists of account ids: the accounts
 * changed, then those whose user object alone changed (VIEW_ONLY_PREFIX) and are not in the first
 * list; '*' (or 'v:*') past MAX_IDS.
 */
function merge(channel: string, payloads: Set<string>): Iterable<string> {
  if (channel !== ACCOUNTS_CHANGED) return payloads;
  const accounts = new Set<number>();
  const views = new Set<number>();
  let everyView = false;
  for (const payload of payloads) {
    const { viewOnly, ids } = readAccountsChange(payload);
    if (!ids) {
      if (!viewOnly) return ['*'];
      everyView = true;
      continue;
    }
    for (const id of ids) (viewOnly ? views : accounts).add(id);
  }
  if (accounts.size > MAX_IDS) return ['*'];
  const merged = accounts.size > 0 ? [writeAccountsChange({ viewOnly: false, ids: [...accounts] })] : [];
  for (const id of accounts) views.delete(id);
  if (everyView || views.size > 0) merged.push(writeAccountsChange({ viewOnly: true, ids: everyView ? undefined : [...views] }));
  return merged;
}
