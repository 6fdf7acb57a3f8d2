import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { NINEHITS_DELETE_JOB } from './index.ts';

/** The public surface of websites (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('websites/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual([
      'NINEHITS_DELETE_JOB',
      'deleteWebsiteWithJob',
      'enqueueReconcile',
      'packageChangePreview',
      'websiteFor',
      'websitesOfUser',
    ]);
  });

  it("names the job that removes a deleted website's campaign at 9Hits (closing an account queues it)", () => {
    expect(typeof NINEHITS_DELETE_JOB).toBe('string');
  });
});
