import { accountsApi } from '@traffic/shared/contract/accounts';
import { call } from '../../../lib/api-client.ts';

/** PUT users/activate/{email}. */
export function activateUser(email: string) {
  return call(accountsApi.activate, { params: { email } });
}
