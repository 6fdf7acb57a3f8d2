import { useMutation } from '@tanstack/react-query';
import type { OtpVerified } from '@traffic/shared/schemas/accounts.schema';
import { api } from '../../../lib/api-client.ts';

export interface VerifyOtpBody {
  email: string;
  otp: string;
}

/** POST users/otp: a verified code answers the single-use token that the new password needs. */
export function verifyOtp(body: VerifyOtpBody): Promise<OtpVerified> {
  return api.post<OtpVerified>('/users/otp', body);
}

export function useVerifyOtpMutation() {
  return useMutation({ mutationFn: verifyOtp });
}
