import { paymentsApi } from '@traffic/shared/contract/payments';
import { call } from '../../../lib/api-client.ts';
import type { ActivateAddonBody } from './activation.ts';

/** POST activated-additional-hits: activates the extra hits the customer has paid for. */
export function activateAdditionalHits(body: ActivateAddonBody) {
  return call(paymentsApi.hits.activate, { body });
}
