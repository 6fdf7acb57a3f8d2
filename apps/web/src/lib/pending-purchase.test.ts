import { describe, expect, it } from 'vitest';
import { PENDING_PURCHASE_KEYS, pendingAddon, pendingPackage } from './pending-purchase.ts';

describe('pending purchase storage', () => {
  it("keeps a package record in the product's shape, and forgets it", () => {
    pendingPackage.save({ pkg: 'pkgBasic', name: 'Basic', email: 'ann@example.com', uuid: 'u-1' });
    expect(JSON.parse(localStorage.getItem(PENDING_PURCHASE_KEYS.package)!)).toEqual({
      pkg: 'pkgBasic',
      name: 'Basic',
      email: 'ann@example.com',
      uuid: 'u-1',
      type: 'PACKAGE',
    });
    expect(pendingPackage.read()?.pkg).toBe('pkgBasic');
    pendingPackage.clear();
    expect(pendingPackage.read()).toBeNull();
  });

  it('keeps the add-on record apart from the package record', () => {
    pendingPackage.save({ pkg: 'pkgBasic', name: 'Basic', email: 'ann@example.com', uuid: 'u-1' });
    pendingAddon.save({ name: '5 Extra Slots', additional_id: '5Slots', user_id: 7, token: 'u-2', type: 'Slots' });
    expect(pendingAddon.read()).toEqual({ name: '5 Extra Slots', additional_id: '5Slots', user_id: 7, token: 'u-2', type: 'Slots' });
    expect(pendingPackage.read()?.uuid).toBe('u-1');
  });

  it('ignores a record that is not one (edited by hand, older format)', () => {
    localStorage.setItem(PENDING_PURCHASE_KEYS.addon, '{"additional_id":"5Slots","type":"Gold"}');
    localStorage.setItem(PENDING_PURCHASE_KEYS.package, 'not json');
    expect(pendingAddon.read()).toBeNull();
    expect(pendingPackage.read()).toBeNull();
  });
});
