import type { Executor } from '@traffic/db';
import { enqueueJob } from '../../jobs/job-queue.ts';
import { insertEmail } from './mail.repository.ts';

export const SEND_EMAIL_JOB = 'send-email';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (the billing e-mails have one). */
  html?: string;
  replyTo?: string;
}

/** Stores the mail and its delivery job in the caller's transaction; the job runner sends it. */
export async function queueEmail(db: Executor, email: OutgoingEmail): Promise<void> {
  const id = await insertEmail(db, email);
  await enqueueJob(db, SEND_EMAIL_JOB, { emailId: id }, { maxAttempts: 10 });
}
