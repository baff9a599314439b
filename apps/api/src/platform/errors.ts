import type { FieldError } from '@shop/contracts';

/**
 * A failure a caller can act on. Modules throw these with a stable code from their own
 * `<module>.errors.ts`; the error handler turns them into problem+json. Anything else is a 500.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly errors?: FieldError[];
  readonly headers?: Record<string, string>;
  /** RFC 9457 extension members: facts a client acts on, such as how many of a sku can still be added. */
  readonly extensions?: Record<string, string | number>;

  constructor(
    status: number,
    code: string,
    detail: string,
    extra: { title?: string; errors?: FieldError[]; headers?: Record<string, string>; extensions?: Record<string, string | number> } = {},
  ) {
    super(detail);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.title = extra.title ?? STATUS_TITLES[status] ?? 'Error';
    this.errors = extra.errors;
    this.headers = extra.headers;
    this.extensions = extra.extensions;
  }
}

/** A refusal about one field of the body: said in `detail`, and beside the field through `errors`. */
export const fieldRefusal = (status: number, code: string, field: string, message: string): AppError =>
  new AppError(status, code, message, { errors: [{ path: `body.${field}`, message, code: code.toLowerCase() }] });

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Codes the platform itself raises; each module adds its own. */
export const PlatformErrors = {
  validationFailed: (errors: FieldError[]) => new AppError(400, 'VALIDATION_FAILED', describeFieldErrors(errors), { errors }),
  malformedBody: (detail: string) => new AppError(400, 'MALFORMED_BODY', detail),
  malformedUrl: () => new AppError(400, 'MALFORMED_URL', 'The address is not valid: part of it is not correctly encoded. Check the address and try again.'),
  /** `path` names where, never the text itself: it is what cannot be stored (platform/storable-text.ts). */
  characterNotAllowed: (path: string) =>
    new AppError(
      400,
      'CHARACTER_NOT_ALLOWED',
      `The request contains a character that cannot be used (a null character or an unpaired surrogate) in ${path}. Remove it and try again.`,
      { errors: [{ path, message: 'contains a null character or an unpaired surrogate', code: 'character_not_allowed' }] },
    ),
  unauthenticated: () =>
    new AppError(401, 'UNAUTHENTICATED', 'Sign in to continue: this call needs a valid access token.', {
      headers: { 'www-authenticate': 'Bearer' },
    }),
  invalidToken: (detail = 'The access token is not valid. Sign in again.') =>
    new AppError(401, 'INVALID_TOKEN', detail, { headers: { 'www-authenticate': 'Bearer error="invalid_token"' } }),
  tokenExpired: () =>
    new AppError(401, 'TOKEN_EXPIRED', 'Your session has expired. Sign in again.', {
      headers: { 'www-authenticate': 'Bearer error="invalid_token", error_description="expired"' },
    }),
  forbidden: (detail = 'Your account does not have permission to do this.') => new AppError(403, 'FORBIDDEN', detail),
  jobNotFound: (job: string) => new AppError(404, 'JOB_NOT_FOUND', `There is no background job called ${job}.`),
  failedJobItemNotFound: (job: string, id: string) =>
    new AppError(404, 'FAILED_JOB_ITEM_NOT_FOUND', `Job ${job} has no failed item ${id} that can be retried. It may have been erased or cleared.`),
  routeNotFound: (method: string, url: string) => new AppError(404, 'ROUTE_NOT_FOUND', `There is no API endpoint at ${method} ${url}.`),
  methodNotAllowed: (method: string, url: string, allowed: string[]) =>
    new AppError(405, 'METHOD_NOT_ALLOWED', `${url} does not accept ${method}; use ${allowed.join(' or ')}.`, {
      headers: { allow: allowed.join(', ') },
    }),
  bodyTooLarge: (limit: number) => new AppError(413, 'BODY_TOO_LARGE', `The request body is larger than the ${Math.round(limit / 1024)} KiB allowed.`),
  unsupportedMediaType: (type: string | undefined) =>
    new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Content type ${type ? `"${type}"` : '(none)'} is not accepted here; send application/json.`),
  rateLimited: (retryAfterSeconds: number) =>
    new AppError(429, 'RATE_LIMITED', `Too many requests. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  idempotencyKeyInvalid: () => new AppError(400, 'IDEMPOTENCY_KEY_INVALID', 'An idempotency key is 1 to 255 visible characters, such as a UUID.'),
  idempotencyInProgress: () =>
    new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', 'A request with this idempotency key is still being processed. Try again in a moment.'),
  idempotencyKeyReused: () =>
    new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This idempotency key was already used with a different request. Use a new key for a new request.'),
  /** Overloaded, or the database unreachable or too slow (decision 0070): the client tries again later rather than waiting here. */
  unavailable: (retryAfterSeconds: number) =>
    new AppError(503, 'SERVICE_UNAVAILABLE', `The shop is busy. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`, {
      headers: { 'retry-after': String(retryAfterSeconds) },
    }),
  internal: () => new AppError(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again; if it keeps happening, contact us.'),
};

function describeFieldErrors(errors: FieldError[]): string {
  const first = errors[0];
  if (!first) return 'The request is not valid.';
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? 's' : ''})` : '';
  return `${first.path}: ${first.message}${more}`;
}
