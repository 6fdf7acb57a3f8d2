import { ERROR_CODES, type ErrorCode } from '@traffic/shared/errors';
import { MSG } from '@traffic/shared/messages';
import { pathOf, queryString, type Endpoint, type RequestOf, type ResponseOf } from '@traffic/shared/contract/endpoint';
import { readToken } from './session-store.ts';

/** `NETWORK`: no answer at all (offline, server down), so there is no server code to report. */
export type ApiErrorCode = ErrorCode | 'NETWORK';

/** Any failed API call: the server's `{ code, message, fieldErrors? }` body, typed. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function isApiError(error: unknown, code?: ApiErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

const API_BASE = '/api';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let onUnauthorized: (() => void) | null = null;

/**
 * Called when the server refuses a token this client sent (expired, revoked by a password reset):
 * the session owner decides what that means. One handler; the last registration wins.
 */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

let onTwoFactorRequired: ((error: ApiError) => void) | null = null;
/** A refusal that came before the shell registered its handler (it registers once the user is known): delivered then. */
let undelivered: ApiError | null = null;

/**
 * Called when an admin route answers `TWO_FACTOR_REQUIRED` (403): the account must turn on
 * two-factor sign-in before any admin screen answers (docs/decisions/0023-account-security.md).
 * The app shell sends the admin to Account security. One handler; the last registration wins, and
 * the function returned unregisters it (unless another has replaced it).
 */
export function setTwoFactorRequiredHandler(handler: ((error: ApiError) => void) | null): () => void {
  onTwoFactorRequired = handler;
  if (handler && undelivered) {
    const error = undelivered;
    undelivered = null;
    handler(error);
  }
  return () => {
    if (onTwoFactorRequired === handler) onTwoFactorRequired = null;
  };
}

/** What every failed call with a token reports to the session's owner. */
function report(error: ApiError, token: string | null, reportUnauthorized: boolean): void {
  if (!token) return;
  if (reportUnauthorized && error.status === 401 && error.code === 'UNAUTHORIZED') onUnauthorized?.();
  if (error.code !== 'TWO_FACTOR_REQUIRED') return;
  if (onTwoFactorRequired) onTwoFactorRequired(error);
  else undelivered = error;
}

const isErrorCode = (value: unknown): value is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(value);

async function decodeError(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const { code, message, fieldErrors } = (body ?? {}) as Record<string, unknown>;
  return new ApiError(
    response.status,
    isErrorCode(code) ? code : 'INTERNAL',
    typeof message === 'string' && message ? message : MSG.genericError,
    fieldErrors && typeof fieldErrors === 'object' ? (fieldErrors as Record<string, string>) : {},
  );
}

/** A body sent `application/x-www-form-urlencoded` (the form-encoded admin calls); any other body goes as JSON. */
class FormBody {
  constructor(readonly fields: Record<string, string>) {}
}

function encodeBody(body: unknown): { contentType: string; payload: string } | null {
  if (body === undefined) return null;
  if (body instanceof FormBody)
    return { contentType: 'application/x-www-form-urlencoded', payload: new URLSearchParams(body.fields).toString() };
  return { contentType: 'application/json', payload: JSON.stringify(body) };
}

async function send<T>(
  method: Method,
  url: string,
  body: unknown,
  token: string | null,
  reportUnauthorized = true,
  started?: Promise<Response>,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const encoded = encodeBody(body);
  if (encoded) headers['content-type'] = encoded.contentType;
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await (started ?? fetch(url, { method, headers, body: encoded?.payload }));
  } catch {
    throw new ApiError(0, 'NETWORK', MSG.genericError);
  }

  if (!response.ok) {
    const error = await decodeError(response);
    report(error, token, reportUnauthorized);
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Form fields from a form-encoded endpoint's body: every value a string, absent ones left out. */
const formFields = (body: object) =>
  new FormBody(Object.fromEntries(Object.entries(body).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))));

/**
 * Development and tests check every answer against its entry's response schema, so a server and a
 * client that drift apart fail loudly where they are built; production trusts the server and never
 * loads the schemas.
 */
const CHECK_RESPONSES = import.meta.env.DEV;

async function checkResponse(entry: Endpoint, data: unknown): Promise<void> {
  const { responses } = await entry.schemas();
  const schema = Object.values(responses)[0];
  const result = schema?.safeParse(data);
  if (result && !result.success) {
    throw new ApiError(0, 'INTERNAL', `${entry.method} ${entry.path}: the answer does not match its schema: ${result.error.message}`);
  }
}

export interface CallOptions {
  /**
   * A token the caller holds rather than the stored one (the session being signed out, already
   * forgotten by the browser): its 401 means nothing more to end, so it is not reported.
   */
  token?: string;
  /**
   * The same request, already sent with the stored token (early-user-request.ts): its answer is
   * taken as this call's, errors and all.
   */
  started?: Promise<Response>;
}

type CallArgs<E> =
  Record<never, never> extends RequestOf<E>
    ? [request?: RequestOf<E>, options?: CallOptions]
    : [request: RequestOf<E>, options?: CallOptions];

/**
 * The one way the browser calls the API: an endpoint of the registry (packages/shared/src/contract)
 * and its typed params, query and body. The stored token is attached; failures are thrown as
 * ApiError; toasts are the caller's.
 */
export async function call<E extends Endpoint>(entry: E, ...[request, options]: CallArgs<E>): Promise<ResponseOf<E>> {
  const parts = (request ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };
  const url = `${API_BASE}${pathOf(entry.path, parts.params)}${queryString(parts.query)}`;
  const body = entry.bodyEncoding === 'form' && parts.body ? formFields(parts.body) : parts.body;
  const token = options?.token ?? readToken();
  const data = await send<ResponseOf<E>>(entry.method, url, body, token, options?.token === undefined, options?.started);
  if (CHECK_RESPONSES) await checkResponse(entry, data);
  return data;
}

/**
 * An endpoint that answers a file (a PDF receipt): the same path, token and errors as `call`, the
 * body as a Blob for the browser to save.
 */
export async function downloadFile<E extends Endpoint>(entry: E, request: RequestOf<E>): Promise<Blob> {
  const parts = request as { params?: Record<string, unknown>; query?: Record<string, unknown> };
  const url = `${API_BASE}${pathOf(entry.path, parts.params)}${queryString(parts.query)}`;
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'NETWORK', MSG.genericError);
  }
  if (!response.ok) {
    const error = await decodeError(response);
    report(error, token, true);
    throw error;
  }
  return response.blob();
}

/**
 * The embedded payment sandboxes (`/sandbox/*`, sandbox mode only), which stand in for the buyer's
 * side of an outside service. Our session token is not theirs to see, so none is sent.
 */
export const sandboxApi = {
  post: <T>(path: string, body?: unknown) => send<T>('POST', `/sandbox${path}`, body, null),
};

/** A path segment from user data, for the sandbox calls (the API's paths are built by `call`). */
export const segment = (value: string | number) => encodeURIComponent(String(value));
