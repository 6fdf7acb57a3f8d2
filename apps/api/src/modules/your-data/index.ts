/** your-data: a customer's copy of their data and closing their account. Retention deletes expired copies. */
export { deleteExpiredDataExports } from './data-export.repository.ts';
export { closeCustomerAccount, closeOwnAccount } from './close-account.ts';
