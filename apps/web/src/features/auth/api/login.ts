import { useMutation } from '@tanstack/react-query';
import type { LoginBody, User } from '@traffic/shared/schemas/accounts.schema';
import { api } from '../../../lib/api-client.ts';

export interface SessionResponse {
  token: string;
  data: User;
}

/** POST users/login: `username` is the email or the username. */
export function login(body: LoginBody): Promise<SessionResponse> {
  return api.post<SessionResponse>('/users/login', body);
}

export function useLoginMutation() {
  return useMutation({ mutationFn: login });
}
