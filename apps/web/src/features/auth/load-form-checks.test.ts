import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@traffic/shared/messages';
import { loadedCheck } from './load-form-checks.ts';

// The checks' module cannot be fetched: offline, or a release replaced the files this tab was given.
vi.mock('./form-checks.ts', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a form check whose module cannot load', () => {
  it('fails with the generic error on the given field instead of leaving the form silent', async () => {
    const check = loadedCheck<{ email: string }>('email', () => null);
    expect(await check({ email: 'someone@example.com' })).toEqual({ field: 'email', message: MSG.genericError });
  });
});
