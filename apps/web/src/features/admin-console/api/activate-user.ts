import { api, segment, type OkResponse } from '../../../lib/api-client.ts';

/** PUT users/activate/{email}. */
export function activateUser(email: string): Promise<OkResponse> {
  return api.put<OkResponse>(`/users/activate/${segment(email)}`);
}
