import { eq } from 'drizzle-orm';
import { schema, type Executor } from '@traffic/db';

const { users } = schema;

/** Whom a billing e-mail goes to, and whether they take reminders. */
export async function findMailRecipient(
  db: Executor,
  userId: number,
): Promise<{ email: string; firstName: string; username: string; reminders: boolean } | undefined> {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, username: users.username, reminders: users.billingReminders })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
