import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { healthCheck } from './index.ts';

/** The public surface of health (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('health/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual(['healthCheck']);
  });

  it('builds the health check app.ts mounts', () => {
    expect(healthCheck).toBeTypeOf('function');
  });
});
