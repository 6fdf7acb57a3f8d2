import type { User } from '@traffic/shared/schemas/accounts.schema';
import { api } from '../../../lib/api-client.ts';

export interface AddPackageBody {
  pkg: string;
  name: string;
  email: string;
  /** The pending order's id, from browser storage. */
  uuid: string;
}

/** POST users/addPackage: finalizes the customer's own paid package order; answers the updated user. */
export function addPackage(body: AddPackageBody): Promise<User> {
  return api.post<User>('/users/addPackage', body);
}
