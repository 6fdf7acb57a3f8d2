/**
 * delivery-history: delivered hits per day and the admin's picture of the business. No module
 * imports it; app.ts mounts its routes and its collection job. Its surface for a reader:
 */
export { businessStats, spendRate } from './business-stats.ts';
export { typeHistory, typeMonths, websiteHistory, websiteMonths } from './delivery-history.ts';
