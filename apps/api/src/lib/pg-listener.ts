import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/** A notification's payload, and the backend process that sent it. */
type Handler = (payload: string, sender: number) => void;
type ResumeHandler = () => void;

/**
 * One PostgreSQL connection held for LISTEN, shared by everything in the process that must hear
 * another process's NOTIFY (the catalogue cache, the job runner's wake-up). A lost connection is
 * replaced after a second; since anything sent meanwhile was missed, each channel's `onResume` runs
 * once it listens again (a cache drops its copy, the job runner looks for work).
 */
export class PgListener {
  private readonly channels = new Map<string, { onNotify: Handler[]; onResume: ResumeHandler[] }>();
  private client: pg.PoolClient | undefined;
  private connecting = false;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Listens on `channel` (at once if already connected). */
  async on(channel: string, onNotify: Handler, onResume: ResumeHandler = () => onNotify('', 0)): Promise<void> {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a plain channel name: ${channel}`);
    const known = this.channels.get(channel);
    if (known) {
      known.onNotify.push(onNotify);
      known.onResume.push(onResume);
      return;
    }
    this.channels.set(channel, { onNotify: [onNotify], onResume: [onResume] });
    if (this.client) await this.client.query(`listen ${channel}`).catch(() => this.reconnect(this.client!));
    else await this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.client?.release(true);
    this.client = undefined;
  }

  private async connect(): Promise<void> {
    // One connection at a time: a lost connection can both emit an error and fail a LISTEN, and
    // each asks for a new one; a second listener would hold a pool connection for good.
    if (this.closed || this.client || this.connecting) return;
    this.connecting = true;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.pool.connect();
      this.client = client;
      const mine = client;
      client.on('notification', (message) =>
        this.channels.get(message.channel)?.onNotify.forEach((run) => run(message.payload ?? '', message.processId)),
      );
      client.on('error', () => this.reconnect(mine));
      for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
      for (const { onResume } of this.channels.values()) onResume.forEach((run) => run());
    } catch (error) {
      // The connection failed under us: give it back (as broken), or it is never released.
      if (client && this.client === client) {
        this.client = undefined;
        client.release(true);
      }
      this.log.warn({ err: (error as Error).message }, 'LISTEN connection could not be opened; retrying');
      setTimeout(() => void this.connect(), 2000).unref();
    } finally {
      this.connecting = false;
    }
    if (this.closed) await this.close();
  }

  private reconnect(client: pg.PoolClient): void {
    if (this.client !== client) return;
    this.client = undefined;
    client.release(true);
    setTimeout(() => void this.connect(), 1000).unref();
  }
}
