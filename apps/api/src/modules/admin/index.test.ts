import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { userStatusEffects } from './index.ts';

/** The public surface of admin (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('admin/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual(['userStatusEffects']);
  });

  it('passes what Activate / Deactivate does beyond the account into accounts', () => {
    expect(userStatusEffects).toBeTypeOf('function');
  });
});
