import { useMutation } from '@tanstack/react-query';
import { securityApi } from '@traffic/shared/contract/security';
import type { RequestOf, ResponseOf } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';

/** A new session: its token and the signed-in user. */
export type SessionAnswer = ResponseOf<typeof securityApi.loginTwoFactor>;
export type TwoFactorLoginBody = RequestOf<typeof securityApi.loginTwoFactor>['body'];

/** POST users/login/two-factor: the code step of a sign-in; answers the same session as users/login. */
export function loginTwoFactor(body: TwoFactorLoginBody) {
  return call(securityApi.loginTwoFactor, { body });
}

export function useLoginTwoFactorMutation() {
  return useMutation({ mutationFn: loginTwoFactor });
}
