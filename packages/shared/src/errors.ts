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
  /** A personal access token that was revoked (401): a script stops and asks for a new token. */
  'TOKEN_REVOKED',
  /** A personal access token past its expiry (401). */
  'TOKEN_EXPIRED',
  /** A personal access token on an endpoint outside its scope or outside the Customer API (403). */
  'TOKEN_SCOPE',
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
