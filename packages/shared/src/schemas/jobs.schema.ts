import { z } from 'zod';
import './plain-words.ts';

/**
 * Background jobs that gave up for good (9Hits calls, PayHere cancellations, mail...): what the
 * admin sees and retries. `description` says in words what the job was for.
 */
export const failedJobSchema = z.object({
  id: z.number(),
  kind: z.string(),
  description: z.string(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  failed_at: z.string(),
  created_at: z.string(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobsPageSchema = z.object({ total: z.number(), rows: z.array(failedJobSchema) }).meta({ id: 'FailedJobsPage' });
export type FailedJobsPage = z.infer<typeof failedJobsPageSchema>;

export const failedJobsQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(0).max(100_000).default(0),
  size: z.coerce.number({ error: 'size must be a number' }).int().min(1).max(100).default(5),
});

export const jobIdParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The job id must be a number' })
    .int()
    .positive()
    .max(2 ** 53 - 1),
});

/** 'queued': it runs again now; 'already queued': the same work was queued again meanwhile, which stands for it. */
export const retryJobResultSchema = z.object({ result: z.enum(['queued', 'already queued']) });
export type RetryJobResult = z.infer<typeof retryJobResultSchema>;

/** A failed job an admin chose not to run again: it leaves the list and the queue for good (the audit log keeps what it was). */
export const dismissJobResultSchema = z.object({ result: z.literal('dismissed') });
export type DismissJobResult = z.infer<typeof dismissJobResultSchema>;
