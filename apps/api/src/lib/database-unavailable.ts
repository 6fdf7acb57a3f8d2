import { DrizzleQueryError } from 'drizzle-orm/errors';

/** Socket errors of a connection to PostgreSQL that could not be made or was lost. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** node-postgres's own words for a lost connection or a pool that could not connect in time. */
const LOST = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * Whether an error means the database is away (refused, cut, shutting down), not that a query was
 * wrong: such a request answers 503, which says "try again", never an opaque 500. SQLSTATE class 08
 * is a connection exception; 57P01-57P03 are the server shutting down or not yet accepting. Only the
 * error itself and, for a query drizzle wrapped, its cause are read: an outbound HTTP call's
 * failure (whose cause may also be ECONNREFUSED) is not the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const candidates = [error, error instanceof DrizzleQueryError ? error.cause : undefined];
  return candidates.some((e) => {
    if (!(e instanceof Error) || e instanceof TypeError) return false;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
    return LOST.test(e.message);
  });
}
