/** mail: the outgoing e-mail queue. Other modules queue a message in their transaction; a job sends it. */
export { queueEmail } from './queue-email.ts';
