/** retention: deleting what is kept no longer than needed. No module imports it; app.ts runs its task and job. */
export { CLEAN_UP_JOB, cleanUpJob, cleanUpTask } from './clean-up.ts';
