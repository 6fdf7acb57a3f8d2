import { api } from '../../../lib/api-client.ts';
import type { ActivateAddonBody, Activation } from './activation.ts';

/** POST activated-additional-slots: activates the extra slots the customer has paid for. */
export function activateAdditionalSlots(body: ActivateAddonBody): Promise<Activation> {
  return api.post<Activation>('/activated-additional-slots', body);
}
