import { useMutation } from '@tanstack/react-query';
import type { UpdateDetailsBody, User } from '@traffic/shared/schemas/accounts.schema';
import { api, segment } from '../../../lib/api-client.ts';

/** PUT users/update/{email}: answers the updated user in `data`. */
export function updateDetails(email: string, body: UpdateDetailsBody): Promise<{ data: User }> {
  return api.put<{ data: User }>(`/users/update/${segment(email)}`, body);
}

export function useUpdateDetailsMutation(email: string) {
  return useMutation({ mutationFn: (body: UpdateDetailsBody) => updateDetails(email, body) });
}
