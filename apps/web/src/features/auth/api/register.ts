import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@traffic/shared/schemas/accounts.schema';
import { api } from '../../../lib/api-client.ts';
import type { SessionResponse } from './login.ts';

/** POST users: answers the new session like a login does. */
export function register(body: RegisterBody): Promise<SessionResponse> {
  return api.post<SessionResponse>('/users', body);
}

export function useRegisterMutation() {
  return useMutation({ mutationFn: register });
}
