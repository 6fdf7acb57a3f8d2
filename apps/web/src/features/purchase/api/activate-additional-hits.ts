import { api } from '../../../lib/api-client.ts';
import type { ActivateAddonBody, Activation } from './activation.ts';

/** POST activated-additional-hits: activates the extra hits the customer has paid for. */
export function activateAdditionalHits(body: ActivateAddonBody): Promise<Activation> {
  return api.post<Activation>('/activated-additional-hits', body);
}
