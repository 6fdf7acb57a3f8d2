import { useMutation } from '@tanstack/react-query';
import { adminApi } from '@traffic/shared/contract/admin';
import type { ParamsIn } from '@traffic/shared/contract/endpoint';
import { call } from '../../../lib/api-client.ts';

export type NotificationAudience = ParamsIn<typeof adminApi.notify>['audience'];

export interface NotificationToSend {
  title: string;
  body: string;
  audience: NotificationAudience;
  /** For `selected` only. */
  userIds: number[];
}

/** POST admin/notify/{all|selected}, form-encoded: title, body and, for selected, userIds as a JSON list. */
export function sendNotification({ title, body, audience, userIds }: NotificationToSend) {
  return call(adminApi.notify, {
    params: { audience },
    body: { title, body, ...(audience === 'selected' ? { userIds: JSON.stringify(userIds) } : {}) },
  });
}

export function useSendNotificationMutation() {
  return useMutation({ mutationFn: sendNotification });
}
