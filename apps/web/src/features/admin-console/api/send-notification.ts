import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type NotificationAudience = 'all' | 'selected';

export interface NotificationToSend {
  title: string;
  body: string;
  audience: NotificationAudience;
  /** For `selected` only. */
  userIds: number[];
}

/** POST admin/notify/{all|selected}, form-encoded: title, body and, for selected, userIds as a JSON list. */
export function sendNotification({ title, body, audience, userIds }: NotificationToSend): Promise<{ sent: number }> {
  const fields: Record<string, string> = { title, body };
  if (audience === 'selected') fields.userIds = JSON.stringify(userIds);
  return api.postForm<{ sent: number }>(`/admin/notify/${audience}`, fields);
}

export function useSendNotificationMutation() {
  return useMutation({ mutationFn: sendNotification });
}
