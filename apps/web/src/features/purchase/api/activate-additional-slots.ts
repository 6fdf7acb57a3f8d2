import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';
import type { ActivateAddonBody } from './activation.ts';

/** POST activated-additional-slots: activates the extra slots the customer has paid for. */
export function activateAdditionalSlots(body: ActivateAddonBody) {
  return call(paymentsApi.slots.activate, { body });
}
