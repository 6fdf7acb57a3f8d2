import { PACKAGE_TYPES } from '@traffic/shared';
import type { StatusEffects } from '../accounts/index.ts';
import { stopRenewals } from '../payments/index.ts';
import { enqueueReconcile } from '../websites/index.ts';

/**
 * What an administrator's Activate / Deactivate does beyond the account (accounts' setUserStatus runs
 * it in its transaction; app.ts passes it in). A deactivated customer is not charged again; an
 * admin's Activate does not restart billing (the customer buys again when they want it), but the
 * websites the system paused meanwhile come back as far as capacity allows.
 */
export const userStatusEffects: StatusEffects = async (tx, userId, status) => {
  if (status === 'DEACTIVATED') await stopRenewals(tx, { userId });
  else for (const type of PACKAGE_TYPES) await enqueueReconcile(tx, userId, type);
};
