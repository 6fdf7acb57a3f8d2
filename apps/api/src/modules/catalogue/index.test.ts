import { describe, expect, it } from 'vitest';
import * as surface from './index.ts';
import { presentPackage, type PackageSource } from './index.ts';

/** The public surface of catalogue (index.ts): what the modules above may use of it (docs/architecture.md, "Module order"). */
describe('catalogue/index.ts', () => {
  it('offers exactly this', () => {
    expect(Object.keys(surface).sort()).toEqual(['findAddon', 'findPackage', 'packageJson', 'presentPackage']);
  });

  it('presents a package with its wire names', () => {
    const row: PackageSource = { id: 'p1', name: 'Basic', price: '9.99', description: 'd', type: 'normal', hitsPerDay: 500, slots: 2 };
    expect(presentPackage(row)).toEqual({
      id: 'p1',
      name: 'Basic',
      price: '9.99',
      description: 'd',
      type: 'normal',
      hits_per_day: 500,
      slots: 2,
    });
  });
});
