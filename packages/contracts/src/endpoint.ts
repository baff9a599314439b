import type { z } from 'zod';

/** Every HTTP call is declared once here; the API binds handlers to it and the clients are derived from it. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Staff and customer roles carried in the access token (docs/architecture.md, "Sign-in"). */
export const ROLES = [
  'shopper',
  'trade',
  'trade-reviewer',
  'review-moderator',
  'discount-manager',
  'catalogue-manager',
  'content-editor',
  'order-admin',
  'analyst',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

/** Who may call an endpoint. Every declaration must say so explicitly. */
export type Access = { readonly kind: 'public' } | { readonly kind: 'signed-in' } | { readonly kind: 'role'; readonly roles: readonly Role[] };

export const publicAccess: Access = { kind: 'public' };
export const signedIn: Access = { kind: 'signed-in' };
export const requireRole = (...roles: Role[]): Access => ({ kind: 'role', roles });

type Schema = z.ZodType;

export interface EndpointDefinition {
  /** Service prefix: the endpoint answers at /api/<service><path>. */
  readonly service: string;
  readonly method: HttpMethod;
  /** The spec's path with `{name}` parameters, e.g. `/basket/{basketId}/additem`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  /** `multipart` bodies are uploads; `none` means the call takes no body. */
  readonly bodyType?: 'json' | 'multipart' | 'none';
  readonly params?: Schema;
  readonly query?: Schema;
  readonly body?: Schema;
  /** Success responses by status; error responses are always problem+json. */
  readonly responses: Readonly<Record<number, Schema>>;
  /** Public, cacheable responses get `Cache-Control: public, max-age=<seconds>` and an ETag. */
  readonly cacheSeconds?: number;
  /**
   * The call takes an `Idempotency-Key` header: a retry by the same caller with the same key and
   * input replays the first answer (422 for another input, 409 while the first still runs).
   * `scope` names the call where keys are kept; `relaxedCommit` lets the key's own records skip
   * the wait for the disk, for calls that are idempotent without the key too.
   */
  readonly idempotent?: { readonly scope: string; readonly relaxedCommit?: boolean };
}

/** Keeps the literal types of a declaration so clients and handlers infer their shapes. */
export function defineEndpoint<const E extends EndpointDefinition>(definition: E): E {
  return definition;
}

type Infer<S> = S extends Schema ? z.infer<S> : undefined;
type InferIn<S> = S extends Schema ? z.input<S> : undefined;

export type ParamsOf<E extends EndpointDefinition> = Infer<E['params']>;
export type QueryOf<E extends EndpointDefinition> = Infer<E['query']>;
export type BodyOf<E extends EndpointDefinition> = Infer<E['body']>;

/** What a caller passes: only the parts the endpoint declares. */
export type RequestInput<E extends EndpointDefinition> = (E['params'] extends Schema ? { params: InferIn<E['params']> } : { params?: undefined }) &
  (E['query'] extends Schema ? { query?: InferIn<E['query']> } : { query?: undefined }) &
  (E['body'] extends Schema ? { body: InferIn<E['body']> } : { body?: undefined });

type SuccessStatus<E extends EndpointDefinition> = Extract<keyof E['responses'], number>;
export type ResponseOf<E extends EndpointDefinition> = z.infer<E['responses'][SuccessStatus<E>]>;

export type ServiceEndpoints = Readonly<Record<string, EndpointDefinition>>;

/** Turns `/basket/{basketId}` into the Fastify form `/basket/:basketId`. */
export const toRoutePath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');

/** Fills `{name}` placeholders, encoding each value. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    }
    if (typeof value !== 'string' && typeof value !== 'number') throw new TypeError(`Path parameter "${name}" for ${path} must be a string or a number`);
    return encodeURIComponent(value);
  });
}
