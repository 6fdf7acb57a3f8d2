import { useMutation } from '@tanstack/react-query';
import { api, type OkResponse } from '../../../lib/api-client.ts';

export interface SupportRequest {
  email: string;
  username: string;
  msg: string;
}

/** POST support: mailed to the support team with the given email as the address to answer. */
export function sendSupportRequest(body: SupportRequest): Promise<OkResponse> {
  return api.post<OkResponse>('/support', body);
}

export function useSendSupportRequestMutation() {
  return useMutation({ mutationFn: sendSupportRequest });
}
