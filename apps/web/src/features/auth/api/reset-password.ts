import { useMutation } from '@tanstack/react-query';
import { api, type OkResponse } from '../../../lib/api-client.ts';

export interface ResetPasswordBody {
  email: string;
  password: string;
}

/** POST users/password: only after a verified code; ends every session of the account. */
export function resetPassword(body: ResetPasswordBody): Promise<OkResponse> {
  return api.post<OkResponse>('/users/password', body);
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
