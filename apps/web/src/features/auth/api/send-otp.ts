import { useMutation } from '@tanstack/react-query';
import { accountsApi } from '@traffic/shared/contract/accounts';
import { call } from '../../../lib/api-client.ts';

/** PUT users/otp/{email}: mails a 6-digit reset code. */
export function sendOtp(email: string) {
  return call(accountsApi.sendResetCode, { params: { email } });
}

export function useSendOtpMutation() {
  return useMutation({ mutationFn: sendOtp });
}
