import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { sendSupportRequest } from './index.ts';

/** The public surface of support (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('support/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual(['sendSupportRequest']);
  });

  it('sends a support request as an e-mail', () => {
    expect(sendSupportRequest).toBeTypeOf('function');
  });
});
