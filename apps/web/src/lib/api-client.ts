import { ERROR_CODES, type ErrorCode } from '@traffic/shared/errors';
import { MSG } from '@traffic/shared/messages';
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

/** The one HTTP client: JSON (or a FormBody) in, JSON out, the stored token attached, errors thrown as ApiError. Toasts are the caller's. */
export function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  return send<T>(method, `${API_BASE}${path}`, body, readToken());
}

/** A body sent `application/x-www-form-urlencoded` (the spec's form-encoded admin calls); any other body goes as JSON. */
export class FormBody {
  constructor(readonly fields: Record<string, string>) {}
}

function encodeBody(body: unknown): { contentType: string; payload: string } | null {
  if (body === undefined) return null;
  if (body instanceof FormBody) return { contentType: 'application/x-www-form-urlencoded', payload: new URLSearchParams(body.fields).toString() };
  return { contentType: 'application/json', payload: JSON.stringify(body) };
}

async function send<T>(method: Method, url: string, body: unknown, token: string | null, reportUnauthorized = true): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const encoded = encodeBody(body);
  if (encoded) headers['content-type'] = encoded.contentType;
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body: encoded?.payload });
  } catch {
    throw new ApiError(0, 'NETWORK', MSG.genericError);
  }

  if (!response.ok) {
    const error = await decodeError(response);
    if (reportUnauthorized && token && error.status === 401 && error.code === 'UNAUTHORIZED') onUnauthorized?.();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown) => apiRequest<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => apiRequest<T>('PUT', path, body),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
  /** POST with form fields (`application/x-www-form-urlencoded`) instead of JSON. */
  postForm: <T>(path: string, fields: Record<string, string>) => apiRequest<T>('POST', path, new FormBody(fields)),
  /**
   * POST with a token the caller holds rather than the stored one (the session being signed out,
   * already forgotten by the browser): its 401 means nothing more to end, so it is not reported.
   */
  postWithToken: <T>(path: string, token: string) => send<T>('POST', `${API_BASE}${path}`, undefined, token, false),
};

/**
 * The embedded payment sandboxes (`/sandbox/*`, sandbox mode only), which stand in for the buyer's
 * side of an outside service. Our session token is not theirs to see, so none is sent.
 */
export const sandboxApi = {
  post: <T>(path: string, body?: unknown) => send<T>('POST', `/sandbox${path}`, body, null),
};

/** A path segment from user data (emails carry '@', '+', ...). */
export const segment = (value: string | number) => encodeURIComponent(String(value));

/** The `{ ok: true }` answer of calls that return nothing else. */
export interface OkResponse {
  ok: true;
}
