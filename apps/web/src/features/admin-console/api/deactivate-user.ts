import { accountsApi } from '@traffic/shared/contract/accounts';
import { call } from '../../../lib/api-client.ts';

/** PUT users/deactivate/{email}. */
export function deactivateUser(email: string) {
  return call(accountsApi.deactivate, { params: { email } });
}
