import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { queueEmail } from './index.ts';

/** The public surface of mail (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('mail/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual(['queueEmail']);
  });

  it("queues an e-mail in the caller's transaction (a job sends it)", () => {
    expect(queueEmail).toHaveLength(2);
  });
});
