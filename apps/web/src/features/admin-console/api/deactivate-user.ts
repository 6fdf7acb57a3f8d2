import { api, segment, type OkResponse } from '../../../lib/api-client.ts';

/** PUT users/deactivate/{email}. */
export function deactivateUser(email: string): Promise<OkResponse> {
  return api.put<OkResponse>(`/users/deactivate/${segment(email)}`);
}
