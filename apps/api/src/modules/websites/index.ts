/**
 * websites: the customer's websites, their capacity and their campaigns at 9Hits. What modules above
 * use: access to one website, the capacity reconcile, a package change's preview and deleting a
 * customer's websites with their campaigns.
 */
export { websiteFor } from './website-access.ts';
export { enqueueReconcile } from './reconcile-capacity.ts';
export { packageChangePreview } from './package-change-preview.ts';
export { deleteWebsiteWithJob, websitesOfUser } from './websites.repository.ts';
export { websiteDeletionJobs } from './delivery-jobs.ts';
