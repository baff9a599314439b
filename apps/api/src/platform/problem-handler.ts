import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FieldError, Problem } from '@shop/contracts';
import { AppError, PlatformErrors } from './errors.ts';

const PROBLEM_TYPE_BASE = 'https://plumbline.example/problems/';

export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const problem: Problem = {
    // First, so an extension can never stand in for a standard member.
    ...error.extensions,
    type: PROBLEM_TYPE_BASE + error.code.toLowerCase().replaceAll('_', '-'),
    title: error.title,
    status: error.status,
    detail: error.message,
    code: error.code,
    instance: request.url,
    requestId: String(request.id),
    ...(error.errors ? { errors: error.errors } : {}),
  };
  if (error.headers) reply.headers(error.headers);
  // Bypass response schemas: a problem is never one of the declared success shapes.
  return reply.code(error.status).type('application/problem+json; charset=utf-8').serializer(JSON.stringify).send(problem);
}

/** Maps zod's issue paths and Fastify's validation context to `body.items.0.quantity` style paths. */
function fieldErrors(error: FastifyError & { validation: unknown[]; validationContext?: string }): FieldError[] {
  return (error.validation as { instancePath?: string; message?: string; params?: { issue?: { code?: string; path?: unknown[] } } }[]).map((item) => {
    const issuePath = item.params?.issue?.path;
    const pathParts = Array.isArray(issuePath) ? issuePath.map(String) : (item.instancePath ?? '').split('/').filter(Boolean);
    const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'body');
    return {
      path: [where, ...pathParts].join('.'),
      message: item.message ?? 'is not valid',
      code: item.params?.issue?.code ?? 'invalid',
    };
  });
}

/** PostgreSQL's codes for a cancelled statement (statement_timeout), a server shutting down or starting, and too many connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57014', '57P01', '57P02', '57P03', '53300']);
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Whether a failure (or what caused it: drizzle wraps the driver's) is the database being out of
 * reach, too slow or too busy: no connection free within DATABASE_CONNECT_TIMEOUT_MS, a statement
 * past DATABASE_STATEMENT_TIMEOUT_MS, a server down or restarting. Answered 503 with Retry-After.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNREACHABLE_ERRNOS.has(code))) return true;
    // pg's own words: no connection in time, a connection lost, or (rolling back) one already lost.
    if (/^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error)/.test(cause.message)) return true;
  }
  return false;
}

/** Turns every failure into problem+json; a 5xx never leaks a stack trace or SQL. */
function toAppError(error: FastifyError, bodyLimit: number, retryAfterSeconds: number): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) return PlatformErrors.unavailable(retryAfterSeconds);
  if (hasZodFastifySchemaValidationErrors(error)) {
    return PlatformErrors.validationFailed(fieldErrors(error as never));
  }
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return PlatformErrors.bodyTooLarge(bodyLimit);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return PlatformErrors.unsupportedMediaType(undefined);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return PlatformErrors.malformedBody('The request body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return PlatformErrors.malformedBody('The request body is not valid JSON.');
    case 'FST_ERR_BAD_URL':
      return PlatformErrors.malformedUrl();
  }
  if (error.statusCode === 400 && error instanceof SyntaxError) {
    return PlatformErrors.malformedBody('The request body is not valid JSON.');
  }
  if (error.statusCode === 429) {
    return PlatformErrors.rateLimited(Math.max(1, Math.ceil(Number((error as { ttl?: number }).ttl ?? 60_000) / 1000)));
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError(error.statusCode, 'BAD_REQUEST', error.message);
  }
  return PlatformErrors.internal();
}

/**
 * The error handler. Also Fastify's `frameworkErrors`, for failures met before a route is found: a
 * URL whose percent-encoding is not UTF-8 (a lone surrogate can only be sent that way) is a problem too.
 */
export function problemHandler(bodyLimit: number, retryAfterSeconds = 5) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error, bodyLimit, retryAfterSeconds);
    // Shedding load is not a failure to report line by line (metrics count it); a database out of reach is.
    const shed = error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE';
    if ((appError.status >= 500 && !shed) || isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'request failed');
    } else {
      // A refusal is the client's to act on: at debug with the request's other lines (platform/request-log.ts).
      request.log.debug({ code: appError.code, status: appError.status }, appError.message);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(request, reply, PlatformErrors.unsupportedMediaType(request.headers['content-type']));
    }
    return sendProblem(request, reply, appError);
  };
}

export function installProblemHandler(app: FastifyInstance, bodyLimit: number, retryAfterSeconds?: number): void {
  app.setErrorHandler(problemHandler(bodyLimit, retryAfterSeconds));
}
