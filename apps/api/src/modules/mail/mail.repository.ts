import { eq } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const { emails } = schema;
export type EmailRow = typeof emails.$inferSelect;

export async function insertEmail(
  db: Executor,
  email: { to: string; subject: string; text: string; html?: string; replyTo?: string },
): Promise<number> {
  const [row] = await db
    .insert(emails)
    .values({ to: email.to, subject: email.subject, text: email.text, html: email.html ?? null, replyTo: email.replyTo ?? null })
    .returning({ id: emails.id });
  return row!.id;
}

export async function findEmail(db: Executor, id: number): Promise<EmailRow | undefined> {
  const [row] = await db.select().from(emails).where(eq(emails.id, id));
  return row;
}

export async function markEmail(
  db: Executor,
  id: number,
  change: Partial<Pick<EmailRow, 'status' | 'sentAt' | 'lastError'>>,
): Promise<void> {
  await db.update(emails).set(change).where(eq(emails.id, id));
}
