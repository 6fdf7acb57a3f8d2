/** support: a customer's message to support, sent as an e-mail. */
export { sendSupportRequest } from './send-support-request.ts';
