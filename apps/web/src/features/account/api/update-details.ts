import { useMutation } from '@tanstack/react-query';
import type { UpdateDetailsBody } from '@traffic/shared/schemas/accounts.schema';
import { accountsApi } from '@traffic/shared/contract/accounts';
import { call } from '../../../lib/api-client.ts';

/** PUT users/update/{email}: answers the updated user in `data`. */
export function updateDetails(email: string, body: UpdateDetailsBody) {
  return call(accountsApi.updateDetails, { params: { email }, body });
}

export function useUpdateDetailsMutation(email: string) {
  return useMutation({ mutationFn: (body: UpdateDetailsBody) => updateDetails(email, body) });
}
