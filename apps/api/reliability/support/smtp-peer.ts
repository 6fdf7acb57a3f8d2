import { SMTPServer } from 'smtp-server';
import { freePort } from '../../src/test-support/listening-app.ts';
import type { ReceivedMail } from '../../src/test-support/smtp-peer.ts';
import type { Cleanup } from './cleanup.ts';

/**
 * A real SMTP server on a FIXED loopback port that can be stopped (connections refused) and
 * started again on the same port, keeping what it received. `refuseWith451` makes it answer every
 * message with a temporary failure (as a full mailbox or greylisting would) without keeping it.
 */
export class SmtpPeer {
  readonly received: ReceivedMail[] = [];
  refuseWith451 = false;
  private server: SMTPServer | undefined;

  private constructor(readonly port: number) {}

  /** Reserves a port; `start()` opens it. */
  static async create(cleanup: Cleanup): Promise<SmtpPeer> {
    const peer = new SmtpPeer(await freePort());
    cleanup.add('SMTP peer', () => peer.stop());
    return peer;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** How many messages arrived with this subject. */
  count(subject: string): number {
    return this.received.filter((m) => m.raw.includes(`Subject: ${subject}\r\n`)).length;
  }

  async start(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (raw += chunk));
        stream.on('end', () => {
          if (this.refuseWith451) {
            callback(Object.assign(new Error('Requested action aborted: try again later'), { responseCode: 451 }));
            return;
          }
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
