import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { SECURITY_ROUTE_LIMITS } from './index.ts';

/** The public surface of accounts (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('accounts/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual([
      'SECURITY_ROUTE_LIMITS',
      'checkBehindSession',
      'endSessions',
      'findUserByEmail',
      'findUserForUpdate',
      'getUserObject',
      'insertNotification',
      'listOpenSessions',
      'reauthenticate',
      'updateUser',
    ]);
  });

  it('gives the per-minute limits of the security routes to the routes of modules above (tokens)', () => {
    expect(SECURITY_ROUTE_LIMITS).toEqual({ changes: 30, reads: 60 });
  });
});
