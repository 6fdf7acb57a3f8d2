import { describe, expect, it } from 'vitest';
import { ninehitsApprovalNotice } from './ninehits.ts';

describe('the words for a 9Hits moderation state', () => {
  it('says nothing for an approved campaign or one not read yet', () => {
    expect(ninehitsApprovalNotice('approved')).toBeNull();
    expect(ninehitsApprovalNotice(null)).toBeNull();
  });

  it('tells waiting from rejected, and names any other state as it is', () => {
    expect(ninehitsApprovalNotice('pending')?.label).toBe('Waiting for 9Hits approval');
    expect(ninehitsApprovalNotice('Rejected')?.label).toBe('Rejected by 9Hits');
    expect(ninehitsApprovalNotice('on-hold')).toMatchObject({ tone: 'other', label: 'Not approved by 9Hits (on-hold)' });
  });
});
