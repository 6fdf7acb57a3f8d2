import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../core/context.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import { untilJobStops } from '../../lib/call-signal.ts';
import { findEmail, markEmail } from './mail.repository.ts';

/** Without SMTP_URL there is no transport: mail stays in the outbox table (docs/product.md section 10, docs/integrations.md section 4). */
export function createTransport(smtpUrl: string | undefined): Transporter | undefined {
  if (!smtpUrl) return undefined;
  return nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
}

export function sendEmailJob(ctx: AppContext, transport: Transporter | undefined): JobHandler {
  return async (payload, job) => {
    const email = await findEmail(ctx.db, Number(payload.emailId));
    if (!email || email.status === 'sent' || email.status === 'outbox') return;

    if (!transport) {
      await markEmail(ctx.db, email.id, { status: 'outbox' });
      // The log line is how a fresh install without SMTP finds a reset code (also at /sandbox/mail).
      ctx.log.info(`mail to ${email.to} kept in the outbox: ${email.subject}\n${email.text}`);
      return;
    }
    try {
      await untilJobStops(
        transport.sendMail({
          from: ctx.config.mail.from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        }),
        job.signal,
      );
    } catch (error) {
      await markEmail(ctx.db, email.id, { lastError: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    await markEmail(ctx.db, email.id, { status: 'sent', sentAt: ctx.now(), lastError: null });
  };
}
