import { useMutation } from '@tanstack/react-query';
import { api, type OkResponse } from '../../../lib/api-client.ts';

export interface VerifyOtpBody {
  email: string;
  otp: string;
}

/** POST users/otp: a verified code unlocks one password reset. */
export function verifyOtp(body: VerifyOtpBody): Promise<OkResponse> {
  return api.post<OkResponse>('/users/otp', body);
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: verifyOtp });
}
