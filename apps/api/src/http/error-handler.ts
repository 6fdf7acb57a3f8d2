import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@traffic/shared';
import { AppError } from '../core/app-error.ts';
import { isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { STATUS_BY_CODE, codeForStatus } from './error-status.ts';
import { sendTokenRateLimit } from './token-auth.ts';

/** Messages for the framework's own 4xx errors, so no internal wording reaches a client. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its length.',
};

/**
 * The one error handler: AppError as thrown, schema failures as 400 with the first message (the
 * product's wording lives in the schemas), framework 4xx with a plain message, a database that is
 * away as 503 (lib/database-unavailable.ts), anything else as an opaque 500 that is logged and never
 * leaks internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A token call's standing against its limit, refused or not (token-auth.ts).
    sendTokenRateLimit(request, reply);
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(STATUS_BY_CODE[error.code]).send(body(error.code, error.message, error.fieldErrors));
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
        fieldErrors[path] ??= issue.message ?? 'is not valid';
      }
      const first = error.validation[0]?.message ?? 'The request is not valid.';
      return reply.code(400).send(body('VALIDATION', first, fieldErrors));
    }

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? (error.code?.startsWith('FST_') ? 'The request is not valid.' : error.message);
      return reply.code(status).send(body(codeForStatus(status), message));
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is not reachable');
      return reply.code(503).send(body('UNAVAILABLE', 'The service is unavailable for a moment. Please try again shortly.'));
    }

    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(body('INTERNAL', 'Something went wrong. Please try again later.'));
  });
}

function body(code: ErrorBody['code'], message: string, fieldErrors?: Record<string, string>): ErrorBody {
  return fieldErrors && Object.keys(fieldErrors).length ? { code, message, fieldErrors } : { code, message };
}
