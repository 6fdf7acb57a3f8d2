import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@traffic/shared/schemas/accounts.schema';
import { accountsApi } from '@traffic/shared/contract/accounts';
import type { ResponseOf } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';

/** A new session (`{ token, data }`), or, for an account with two-factor sign-in on, `{ twoFactorRequired, challenge }`. */
export type LoginAnswer = ResponseOf<typeof accountsApi.login>;

/** POST users/login: `username` is the email or the username. The challenge goes to POST users/login/two-factor with a code. */
export function login(body: LoginBody) {
  return call(accountsApi.login, { body });
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
