import type { ErrorCode } from '@traffic/shared';

/** One table from error code to HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  LOGIN_FAIL: 401,
  FORBIDDEN: 403,
  TWO_FACTOR_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  TOKEN_REVOKED: 401,
  TOKEN_EXPIRED: 401,
  TOKEN_SCOPE: 403,
  PACKAGE_ERROR: 400,
  ADMIN_ERRORS: 400,
  CAPACITY: 409,
  PAYMENT: 402,
  UPSTREAM: 502,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
};

export function codeForStatus(status: number): ErrorCode {
  return CODE_BY_STATUS[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
}
