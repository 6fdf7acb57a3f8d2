import { MESSAGE_LIMITS } from '@traffic/shared/constants';
import { MSG } from '@traffic/shared/messages';
import { EMAIL_PATTERN } from '@traffic/shared/schemas/accounts.schema';
import type { FormFailure } from '../../lib/form-resolver.ts';

/** The server's limit on a message, enforced while typing. */
export const MESSAGE_MAX = MESSAGE_LIMITS.support;

/** docs/product.md section 5: the email's own message, shown under the field. */
export function emailError(email: string): string | null {
  return EMAIL_PATTERN.test(email.trim()) ? null : MSG.invalidEmail;
}

export interface SupportValues {
  email: string;
  message: string;
}

/**
 * docs/product.md section 5: a message and a valid email. The email's own message shows under it;
 * the message field has none (the page says 'Please fill all fields' for the whole form).
 */
export function checkSupportForm({ email, message }: SupportValues): FormFailure<SupportValues>[] {
  const failures: FormFailure<SupportValues>[] = [];
  const invalid = emailError(email);
  if (invalid) failures.push({ field: 'email', message: invalid });
  if (message.trim() === '') failures.push({ field: 'message', message: MSG.fillAllFields });
  return failures;
}
