import { useMutation } from '@tanstack/react-query';
import { accountsApi } from '@traffic/shared/contract/accounts';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';

/** POST users/otp: a verified code answers the single-use token that the new password needs. */
export function verifyOtp(body: BodyIn<typeof accountsApi.verifyResetCode>) {
  return call(accountsApi.verifyResetCode, { body });
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: verifyOtp });
}
