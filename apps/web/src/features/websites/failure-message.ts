import { MSG } from '@traffic/shared/messages';
import { isApiError } from '../../lib/api-client.ts';

/**
 * The server's message when it refused the request with one (a validation rule, the package's
 * capacity, a deactivated account); the screen's own failure text for anything else.
 */
export function failureMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.status === 400 || error.status === 409) return error.message;
  if (error.status === 403 && error.message === MSG.accountDeactivated) return error.message;
  return fallback;
}
