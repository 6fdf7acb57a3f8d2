import { isApiError } from '../../lib/api-client.ts';

/**
 * The server's own reason for refusing a request (409 "already exists", 404 "No user with email
 * ..."), worth showing under the product's toast; null when the server or the network failed.
 */
export function serverReason(error: unknown): string | null {
  if (!isApiError(error) || error.status < 400 || error.status >= 500) return null;
  return error.message;
}
