import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { websiteDeletionJobs } from './index.ts';

/** The public surface of websites (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('websites/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual([
      'deleteWebsiteWithJob',
      'enqueueReconcile',
      'packageChangePreview',
      'websiteDeletionJobs',
      'websiteFor',
      'websitesOfUser',
    ]);
  });

  it("names the jobs a deletion writes and closes: the campaign's removal, the website's sync (closing an account deletes websites)", () => {
    expect(websiteDeletionJobs.removal).toBe('ninehits-delete');
    expect(websiteDeletionJobs.sync).toEqual({ kind: 'ninehits-sync', keyPrefix: 'ninehits-sync:' });
  });
});
