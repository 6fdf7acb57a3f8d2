import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordBodySchema } from '@traffic/shared/schemas/accounts.schema';
import { api, type OkResponse } from '../../../lib/api-client.ts';

export type ResetPasswordBody = z.output<typeof resetPasswordBodySchema>;

/** POST users/password: needs the reset token of the verified code; ends every session of the account. */
export function resetPassword(body: ResetPasswordBody): Promise<OkResponse> {
  return api.post<OkResponse>('/users/password', body);
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: resetPassword });
}
