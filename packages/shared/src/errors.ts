/** The one error shape of the API (docs/product.md section 10, "Wire details"): every error body is `{ code, message, fieldErrors? }`. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHORIZED',
  'LOGIN_FAIL',
  'FORBIDDEN',
  /** An admin who must turn two-factor sign-in on first (the web app sends them to Update details). */
  'TWO_FACTOR_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'PACKAGE_ERROR',
  'ADMIN_ERRORS',
  'CAPACITY',
  'PAYMENT',
  'UPSTREAM',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fieldErrors?: Record<string, string>;
}
