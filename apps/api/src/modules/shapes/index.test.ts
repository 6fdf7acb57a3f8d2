import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { presentActivation } from './index.ts';

/** The public surface of shapes (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('shapes/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual([
      'activationJson',
      'presentActivation',
      'presentWebsite',
      'websiteCountryCodes',
      'websiteJson',
    ]);
  });

  it('presents an activation as the API answers it: a hits add-on carries additional_hit', () => {
    const expiresAt = new Date('2026-01-31T00:00:00Z');
    expect(presentActivation({ id: 3, kind: 'hits', type: 'traffic', name: 'Extra', count: 1000, expiresAt })).toEqual({
      id: 3,
      expiry_date: '2026-01-31T00:00:00.000Z',
      additional_hit: { type: 'traffic', count: 1000, name: 'Extra' },
    });
  });
});
