/**
 * What an error may say in a log line or in the jobs table. drizzle's DrizzleQueryError puts every
 * bound parameter of the failed statement into its message and its `params` (a new user's password
 * hash, emails, addresses), and a PostgreSQL error's `detail` can quote the whole failing row
 * ("Failing row contains (...)"): none of that may reach the log (OWASP ASVS 7.1.1, 7.1.2).
 */

/** drizzle-orm's DrizzleQueryError (not exported as a class we can test against across drivers). */
interface QueryError extends Error {
  query: string;
  params: unknown[];
}

function isQueryError(error: unknown): error is QueryError {
  return (
    error instanceof Error &&
    typeof (error as Partial<QueryError>).query === 'string' &&
    Array.isArray((error as Partial<QueryError>).params)
  );
}

/**
 * The driver error's fields that name what failed without quoting data. Its message is left out
 * on purpose: some ('invalid input syntax for type integer: "..."') quote the value.
 */
const DRIVER_FIELDS = ['code', 'severity', 'routine', 'schema', 'table', 'column', 'constraint'] as const;
/** Never copied from any error: parameters, the row, the statement context. */
const UNSAFE_KEYS = new Set(['params', 'detail', 'where', 'internalQuery', 'query', 'cause', 'stack', 'message']);

function driverFields(cause: unknown): Record<string, string> {
  if (!cause || typeof cause !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const key of DRIVER_FIELDS) {
    const value = (cause as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) fields[key] = value;
  }
  return fields;
}

/** An error's message without bound parameters or NUL bytes (which PostgreSQL text refuses). */
export function safeErrorMessage(error: unknown): string {
  if (isQueryError(error)) {
    const code = driverFields(error.cause).code;
    return `Failed query: ${error.query.trim()}${code ? ` (SQLSTATE ${code})` : ''}`;
  }
  return (error instanceof Error ? error.message : String(error)).replaceAll('\u0000', '');
}

/** The stack with its first line (`Name: message`) rewritten to the safe message. */
function safeStack(error: Error, message: string): string {
  if (!error.stack) return '';
  const header = `${error.name}: ${error.message}`;
  const frames = error.stack.startsWith(header) ? error.stack.slice(header.length) : '';
  return `${error.name}: ${message}${frames}`;
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** pino's `err` serializer for the app's logger: every `log.x({ err })` goes through it. */
export function serializeError(error: Error): SerializedError;
export function serializeError(error: unknown, depth?: number): unknown;
export function serializeError(error: unknown, depth = 0): unknown {
  // Some call sites log a message string as `err`: it stays a string.
  if (!(error instanceof Error)) return typeof error === 'string' ? error.replaceAll('\u0000', '') : error;
  const message = safeErrorMessage(error);
  const out: SerializedError = { type: error.constructor.name || error.name, message, stack: safeStack(error, message) };
  if (isQueryError(error)) return { ...out, ...driverFields(error.cause) };
  for (const [key, value] of Object.entries(error)) {
    if (!UNSAFE_KEYS.has(key) && (value === null || ['string', 'number', 'boolean'].includes(typeof value))) out[key] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
