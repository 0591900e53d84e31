/** The one error handler and the JSON 404 for unknown /api paths. 5xx bodies never carry internals. */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode } from '../../shared/error-codes';
import { AppError, MESSAGES } from '../errors';
import { pgErrorCode } from '../lib/pg-errors';
import { isTimeout, writeOutcome } from '../lib/deadline';

/** Seconds a reader or editor is asked to wait before trying again when the database does not answer. */
export const RETRY_AFTER_S = 5;

const STATUS_MESSAGES: Record<number, { message: string; code: ErrorCode }> = {
  400: { message: MESSAGES.badRequest, code: 'BAD_REQUEST' },
  401: { message: MESSAGES.unauthorized, code: 'UNAUTHORIZED' },
  403: { message: MESSAGES.forbidden, code: 'FORBIDDEN' },
  404: { message: MESSAGES.notFound, code: 'NOT_FOUND' },
  405: { message: MESSAGES.badRequest, code: 'METHOD_NOT_ALLOWED' },
  406: { message: MESSAGES.badRequest, code: 'NOT_ACCEPTABLE' },
  409: { message: MESSAGES.conflict, code: 'CONFLICT' },
  413: { message: MESSAGES.tooLarge, code: 'PAYLOAD_TOO_LARGE' },
  415: { message: MESSAGES.unsupportedType, code: 'UNSUPPORTED_MEDIA_TYPE' },
  429: { message: MESSAGES.tooMany, code: 'TOO_MANY_REQUESTS' },
};

/** PostgreSQL errors that mean the request was bad, not the server (defence in depth behind validation). */
const PG_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  '22P02': { status: 400, code: 'BAD_REQUEST', message: MESSAGES.badRequest }, // invalid text representation
  '22003': { status: 400, code: 'BAD_REQUEST', message: MESSAGES.badRequest }, // numeric out of range
  '22007': { status: 400, code: 'BAD_REQUEST', message: MESSAGES.badRequest }, // invalid datetime
  '22008': { status: 400, code: 'BAD_REQUEST', message: MESSAGES.badRequest }, // datetime out of range
  '22001': { status: 400, code: 'BAD_REQUEST', message: MESSAGES.badRequest }, // string too long
  '23514': { status: 400, code: 'BAD_REQUEST', message: MESSAGES.badRequest }, // check violation
  '23505': { status: 409, code: 'CONFLICT', message: MESSAGES.conflict }, // unique violation
  '23503': { status: 409, code: 'CONFLICT', message: MESSAGES.conflict }, // foreign key violation
};
const PG_UNAVAILABLE = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ECONNRESET',
  '57014', // statement_timeout: a stalled database, not the client's fault
]);

/** The driver's own messages when no connection can be had or a statement got no answer (pg and pg-pool throw them
 * without a code). */
const POOL_UNAVAILABLE =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Query read timeout|timeout expired/;
const isPoolUnavailable = (err: unknown): boolean => {
  for (let e = err, depth = 0; e && depth < 4; depth++, e = (e as { cause?: unknown }).cause)
    if (e instanceof Error && POOL_UNAVAILABLE.test(e.message)) return true;
  return false;
};

/** Errors Fastify raises before a route runs (a malformed URL, say); always the client's fault. */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  const known = STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400]!;
  void reply.status(status).send({ message: known.message, code: known.code, requestId: String(request.id) });
}

/**
 * The Arabic 503 of a request the database could not serve (down, stalled, or past the request's bound). A newsroom
 * change says plainly that nothing was saved, which is true unless its COMMIT was already on its way; then it says
 * the outcome is unknown and how to find out.
 */
function unavailable(request: FastifyRequest, reply: FastifyReply, requestId: string) {
  const write = request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/admin/');
  const message =
    writeOutcome(request) === 'unknown'
      ? MESSAGES.timeoutUnknown
      : write
        ? MESSAGES.timeoutNotSaved
        : MESSAGES.unavailable;
  return reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_S))
    .send({ message, code: 'UNAVAILABLE', requestId });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const requestId = String(request.id);
    reply.doNotCache(); // an error body carries its request id: it is this request's, not a page to keep
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ message: error.message, code: error.code, requestId, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: `${error.validationContext ?? ''}${v.instancePath || ''}`.replace(/\//g, '.'),
        message: v.message ?? '',
      }));
      // A schema's own Arabic message (SPEC §5's texts) says more than the generic one.
      const specific = details.find((d) => /[\u0600-\u06FF]/.test(d.message))?.message;
      return reply
        .status(400)
        .send({ message: specific ?? MESSAGES.badRequest, code: 'VALIDATION_FAILED', requestId, details });
    }
    if (isTimeout(error)) {
      // The request's time bound passed (READER_TIMEOUT_MS / ADMIN_TIMEOUT_MS): see lib/deadline.ts.
      request.log.error({ url: request.url, outcome: writeOutcome(request) }, 'request timed out');
      return unavailable(request, reply, requestId);
    }
    const status = error.statusCode;
    if (status && status >= 400 && status < 500) {
      const known = STATUS_MESSAGES[status] ?? STATUS_MESSAGES[400]!;
      return reply.status(status).send({ message: known.message, code: known.code, requestId });
    }
    const code = pgErrorCode(error);
    const mapped = code ? PG_CLIENT_ERRORS[code] : undefined;
    if (mapped) {
      request.log.warn({ err: error }, 'database refused bad input');
      return reply.status(mapped.status).send({ message: mapped.message, code: mapped.code, requestId });
    }
    if ((code && PG_UNAVAILABLE.has(code)) || isPoolUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return unavailable(request, reply, requestId);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.internal, code: 'INTERNAL', requestId });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.doNotCache();
    reply.status(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND', requestId: String(request.id) });
  });
}
