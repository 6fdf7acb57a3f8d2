import { useMutation } from '@tanstack/react-query';
import { accountsApi } from '@traffic/shared/contract/accounts';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';

export type ResetPasswordBody = BodyIn<typeof accountsApi.resetPassword>;

/** POST users/password: needs the reset token of the verified code; ends every session of the account. */
export function resetPassword(body: ResetPasswordBody) {
  return call(accountsApi.resetPassword, { body });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
