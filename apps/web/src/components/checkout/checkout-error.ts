import { MSG } from '@traffic/shared/messages';
import { isApiError } from '../../lib/api-client.ts';

/** What a failed checkout step tells the buyer: the server's own words (a deactivated account, a declined card), else the generic line. */
export function checkoutErrorMessage(error: unknown): string {
  return isApiError(error) && error.code !== 'NETWORK' && error.code !== 'INTERNAL' ? error.message : MSG.genericError;
}
