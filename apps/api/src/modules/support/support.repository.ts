import { schema, type Executor } from '@traffic/db';

/** Keeps a support request (its mail is queued beside it, in the same transaction). */
export async function insertSupportRequest(
  db: Executor,
  request: { userId: number; email: string; username: string; message: string; createdAt: Date },
): Promise<void> {
  await db.insert(schema.supportRequests).values(request);
}
