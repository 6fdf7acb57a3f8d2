import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@traffic/shared/schemas/accounts.schema';
import { accountsApi } from '@traffic/shared/contract/accounts';
import { call } from '../../../lib/api-client.ts';

/** POST users: answers the new session like a login does. */
export function register(body: RegisterBody) {
  return call(accountsApi.register, { body });
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
