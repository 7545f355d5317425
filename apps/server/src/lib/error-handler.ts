import { errorMessage } from '@rebound/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConcurrentAbort } from '../db/errors';
import { AppError } from './errors';

/**
 * The one error handler: AppError answers with its catalogue code, status and message; schema
 * failures with 400 and the first field's message; other 4xx with a generic code; everything else is
 * logged and answered 500 without details.
 */
export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) {
    return reply.status(err.status).send({
      error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) },
    });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const details = err.validation.map((v) => ({
      path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: v.message ?? 'Invalid value',
    }));
    return reply.status(400).send({
      error: {
        code: 'validation_failed',
        message: details[0]?.message ?? errorMessage('validation_failed'),
        details,
      },
    });
  }
  if (isResponseSerializationError(err)) {
    request.log.error({ err, cause: err.cause }, 'response did not match its schema');
    return reply.status(500).send({ error: { code: 'internal', message: errorMessage('internal') } });
  }
  // Two transactions that locked the same rows in opposite orders (PostgreSQL broke the tie by
  // aborting one: 40P01), or a serialisable conflict (40001): nothing was written, so asking again
  // is safe. Not a server fault.
  if (isConcurrentAbort(err)) {
    request.log.warn({ err }, 'transaction aborted by a concurrent one');
    return reply
      .status(409)
      .send({ error: { code: 'concurrent_change', message: errorMessage('concurrent_change') } });
  }
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code =
      status === 413
        ? 'payload_too_large'
        : status === 415
          ? 'unsupported_media_type'
          : status === 429
            ? 'rate_limited'
            : status === 404
              ? 'not_found'
              : 'bad_request';
    const message = code === 'bad_request' ? err.message || errorMessage(code) : errorMessage(code);
    return reply.status(status).send({ error: { code, message } });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.status(500).send({ error: { code: 'internal', message: errorMessage('internal') } });
}
