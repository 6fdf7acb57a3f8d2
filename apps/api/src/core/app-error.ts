import type { ErrorCode } from '@traffic/shared';

/** The one error type use cases throw; the error handler turns it into `{ code, message, fieldErrors? }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
    /** Extra response headers, e.g. Retry-After for RATE_LIMITED. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
