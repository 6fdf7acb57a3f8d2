import { insertSupportRequest } from './support.repository.ts';
import type { AppContext } from '../../core/context.ts';
import type { AuthUser } from '../../core/auth-user.ts';
import { queueEmail } from '../mail/index.ts';

/**
 * POST support: stored, and mailed to SUPPORT_EMAIL with the customer's address as reply-to, in one
 * transaction (the mail is sent by the job runner, so SMTP being down loses nothing).
 */
export async function sendSupportRequest(ctx: AppContext, actor: AuthUser, email: string, message: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await insertSupportRequest(tx, { userId: actor.id, email, username: actor.username, message, createdAt: ctx.now() });
    await queueEmail(tx, {
      to: ctx.config.mail.supportEmail,
      replyTo: email,
      subject: `Support request from ${actor.username}`,
      text: `From: ${actor.username} <${email}> (account ${actor.email})\n\n${message}`,
    });
  });
  ctx.jobs.kick();
}
