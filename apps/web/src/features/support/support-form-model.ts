import { MSG } from '@traffic/shared/messages';
import { EMAIL_PATTERN } from '@traffic/shared/schemas/accounts.schema';

/** The server's limit on a message, enforced while typing. */
export const MESSAGE_MAX = 10_000;

/** docs/product.md section 5: the email's own message, shown under the field. */
export function emailError(email: string): string | null {
  return EMAIL_PATTERN.test(email.trim()) ? null : MSG.invalidEmail;
}

/** docs/product.md section 5: a message and a valid email, else 'Please fill all fields'. */
export function checkSupportForm(email: string, message: string): string | null {
  return message.trim() !== '' && emailError(email) === null ? null : MSG.fillAllFields;
}
