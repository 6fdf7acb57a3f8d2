import { useMutation } from '@tanstack/react-query';
import { supportApi } from '@traffic/shared/contract/admin';
import type { BodyIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';

export type SupportRequest = BodyIn<typeof supportApi.send>;

/** POST support: mailed to the support team with the given email as the address to answer. */
export function sendSupportRequest(body: SupportRequest) {
  return call(supportApi.send, { body });
}

export function useSendSupportRequestMutation() {
  return useMutation({ mutationFn: sendSupportRequest });
}
