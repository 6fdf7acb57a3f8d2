import { useMutation } from '@tanstack/react-query';
import { api, segment, type OkResponse } from '../../../lib/api-client.ts';

/** PUT users/otp/{email}: mails a 6-digit reset code. */
export function sendOtp(email: string): Promise<OkResponse> {
  return api.put<OkResponse>(`/users/otp/${segment(email)}`);
}

export function useSendOtpMutation() {
  return useMutation({ mutationFn: sendOtp });
}
