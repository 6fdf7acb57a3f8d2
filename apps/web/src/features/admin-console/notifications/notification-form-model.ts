import { MESSAGE_LIMITS } from '@traffic/shared/constants';
import type { FormFailure } from '../../../lib/form-resolver.ts';
import { MSG } from '@traffic/shared/messages';
import type { NotificationAudience } from '../api/send-notification.ts';

/** 'Send To': All is every customer, Many the users picked in the 'Sender Name List'. */
export const SEND_OPTIONS: { value: NotificationAudience; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'selected', label: 'Many' },
];

export interface NotificationFormValues {
  title: string;
  description: string;
  sendTo: NotificationAudience | '';
}

export const emptyNotificationForm: NotificationFormValues = { title: '', description: '', sendTo: '' };

/** The server's limits, enforced while typing rather than refused after sending. */
export const TITLE_MAX = MESSAGE_LIMITS.notificationTitle;
export const DESCRIPTION_MAX = MESSAGE_LIMITS.notificationDescription;

/** docs/product.md section 5, "Notification": each field's own message, all shown at once. */
export function checkNotificationForm(values: NotificationFormValues): FormFailure<NotificationFormValues>[] {
  const failures: FormFailure<NotificationFormValues>[] = [];
  if (values.title.trim() === '') failures.push({ field: 'title', message: MSG.titleRequired });
  if (values.description.trim() === '') failures.push({ field: 'description', message: MSG.descriptionRequired });
  if (values.sendTo === '') failures.push({ field: 'sendTo', message: MSG.sendOptionRequired });
  return failures;
}
