import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { userTarget } from './index.ts';

/** The public surface of audit (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('audit/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual([
      'actsForAnother',
      'audit',
      'auditLog',
      'auditSource',
      'changedFields',
      'ownSecurityEvents',
      'userTarget',
    ]);
  });

  it('names a user as the target of an audit record', () => {
    expect(userTarget({ id: 7, email: 'ann@example.com' })).toEqual({ type: 'user', id: 7, label: 'ann@example.com' });
  });
});
