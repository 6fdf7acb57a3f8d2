import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { CLEAN_UP_JOB } from './index.ts';

/** The public surface of retention (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('retention/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual(['CLEAN_UP_JOB', 'cleanUpJob', 'cleanUpTask']);
  });

  it('names its clean-up job (app.ts registers it)', () => {
    expect(CLEAN_UP_JOB).toBe('clean-up');
  });
});
