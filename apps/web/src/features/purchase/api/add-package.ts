import { paymentsApi } from '@traffic/shared/contract/payments';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';

/** `uuid` is the pending order's id, from browser storage. */
export type AddPackageBody = BodyIn<typeof paymentsApi.addPackage>;

/** POST users/addPackage: finalizes the customer's own paid package order; answers the updated user. */
export function addPackage(body: AddPackageBody) {
  return call(paymentsApi.addPackage, { body });
}
