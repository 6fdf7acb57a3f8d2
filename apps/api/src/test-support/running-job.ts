import type { RunningJob } from '../jobs/job-runner.ts';

/** A job as a handler sees it, for calling a handler directly in a test: never aborted, due in an hour. */
export function runningJob(fields: Partial<RunningJob> = {}): RunningJob {
  return {
    id: 0,
    kind: 'test',
    payload: {},
    attempts: 1,
    max_attempts: 20,
    token: '00000000-0000-4000-8000-000000000000',
    signal: new AbortController().signal,
    deadline: new Date(Date.now() + 3600_000),
    ...fields,
  };
}
