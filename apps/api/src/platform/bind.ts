import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SERVICES, toRoutePath, type BodyOf, type EndpointDefinition, type ParamsOf, type QueryOf, type ResponseOf, type ServiceName } from '@shop/contracts';
import { jsonHeapBytes, LruCache, type CacheStats } from './cache.ts';
import { PlatformErrors } from './errors.ts';
import type { Actor, ServiceContext } from './context.ts';
import { onceForIdempotencyKey } from './idempotency.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** This app's public answers written out once each (createSerialisedAnswers). */
    serialisedAnswers: SerialisedAnswers;
  }
}

/** What a handler receives: validated input and the service context. */
export interface HandlerInput<E extends EndpointDefinition> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  ctx: ServiceContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends EndpointDefinition> = (input: HandlerInput<E>) => Promise<ResponseOf<E>>;

/** Route-level options that are server policy rather than contract (rate limits). */
export interface BindOptions {
  /**
   * `groupId` makes routes share one budget per client, so one form of a call cannot add to another's.
   * `per: 'account'` counts a signed-in call against its caller's account wherever it comes from,
   * rather than against the address it comes from.
   */
  rateLimit?: { max: number; timeWindow: string; groupId?: string; per?: 'account' } | false;
  /** Compress large responses (default true); tiny, hot ones like health skip the work. */
  compress?: boolean;
  /** A larger body than the shop's `BODY_LIMIT_BYTES` for this call alone (a file of the range travelling as JSON). */
  bodyLimit?: number;
}

export function fullPath(endpoint: EndpointDefinition): string {
  return SERVICES[endpoint.service as ServiceName].prefix + toRoutePath(endpoint.path);
}

const IDEMPOTENT_NOTE =
  'Send an `Idempotency-Key` header: a retry with the same key and body replays the first ' +
  'answer; the same key with another body is 422; while the first is still running, 409.';

/** A route's rate limit as @fastify/rate-limit takes it: one counted per account waits for the access check, which says whose it is. */
function rateLimitOf(limit: BindOptions['rateLimit']) {
  if (!limit || limit.per !== 'account') return limit;
  const { per: _per, ...rest } = limit;
  return { ...rest, hook: 'preHandler' as const, keyGenerator: (request: FastifyRequest) => (request.actor ? `account:${request.actor.userId}` : request.ip) };
}

/**
 * Binds a handler to its contract declaration: path, schemas, access rule, caching and idempotency
 * all come from the declaration, so nothing about the call is written twice.
 */
export function bindEndpoint<E extends EndpointDefinition>(app: FastifyInstance, endpoint: E, handler: Handler<E>, options: BindOptions = {}): void {
  if (!(endpoint.service in SERVICES)) throw new Error(`Unknown service "${endpoint.service}"`);
  const successStatus = Number(Object.keys(endpoint.responses)[0] ?? 200);
  const access = endpoint.access;

  app.route({
    method: endpoint.method,
    url: fullPath(endpoint),
    // `false`, not absent: an absent setting still costs every request a hook that only decorates the reply.
    compress: options.compress === false ? false : {},
    ...(options.bodyLimit && { bodyLimit: options.bodyLimit }),
    schema: {
      tags: [endpoint.service],
      summary: endpoint.summary,
      ...((endpoint.description || endpoint.idempotent) && {
        description: [endpoint.description, endpoint.idempotent && IDEMPOTENT_NOTE].filter(Boolean).join(' '),
      }),
      ...(endpoint.params && { params: endpoint.params }),
      ...(endpoint.query && { querystring: endpoint.query }),
      ...(endpoint.body && { body: endpoint.body }),
      response: endpoint.responses,
      security: access.kind === 'public' ? [] : [{ bearerAuth: [] }],
    },
    config: { rateLimit: rateLimitOf(options.rateLimit), access },
    // Who may call is settled before the input is even validated: an anonymous caller learns nothing.
    // Public routes have no hook at all (most traffic): a token sent to one is verified in the
    // handler below, so a forged one is still refused with 401.
    preValidation:
      access.kind === 'public'
        ? undefined
        : async (request) => {
            const actor = await app.platform.authenticate(request.headers.authorization);
            if (!actor) throw PlatformErrors.unauthenticated();
            if (access.kind === 'role' && !access.roles.some((role) => actor.roles.includes(role))) {
              throw PlatformErrors.forbidden();
            }
            request.actor = actor;
          },
    handler: async (request, reply) => {
      if (access.kind === 'public' && request.headers.authorization) request.actor = await app.platform.authenticate(request.headers.authorization);
      const ctx: ServiceContext = { db: app.platform.db, actor: request.actor, clock: app.platform.clock, log: request.log };
      const run = () =>
        handler({
          params: request.params as ParamsOf<E>,
          query: request.query as QueryOf<E>,
          body: request.body as BodyOf<E>,
          ctx,
          request,
          reply,
        });
      // A stored answer belongs to its caller: the key is kept per scope and caller (platform/idempotency.ts).
      const { idempotent } = endpoint;
      const result = idempotent
        ? await onceForIdempotencyKey(ctx, request.headers['idempotency-key'], { ...idempotent, input: declaredInput(endpoint, request) }, run)
        : await run();
      if (reply.sent) return reply;
      if (!reply.statusCode || reply.statusCode === 200) reply.code(successStatus);
      // A handler that said how its answer is kept (one caller's preview, say) is not made a public one.
      if (endpoint.cacheSeconds !== undefined && access.kind === 'public' && !reply.hasHeader('cache-control')) {
        return sendCacheable(request, reply, app.serialisedAnswers.of(result, endpoint.responses[successStatus]), endpoint.cacheSeconds);
      }
      return result;
    },
  });
}

/** What the request asked for, as the contract declares it: the same key with another of these is refused. */
function declaredInput(endpoint: EndpointDefinition, request: FastifyRequest) {
  return {
    ...(endpoint.params && { params: request.params }),
    ...(endpoint.query && { query: request.query }),
    ...(endpoint.body && { body: request.body }),
  };
}

// Bounded by bytes too: a kept body keeps its answer object alive as the key, about as heavy again as
// the body (platform/cache.ts), and answers to never-seen queries can be large.
const SERIALISED_ANSWER_BYTES = 32 * 1024 * 1024;

export interface SerialisedAnswers {
  of(result: unknown, schema: { parse(value: unknown): unknown } | undefined): { body: string; etag: string };
  stats(): CacheStats;
}

/**
 * A public answer's body and ETag, worked out once per answer object: services that keep recent
 * answers (catalogue listings, suggestions, the navigation tree) hand the same object to every
 * caller, so checking it against its schema, writing it out and hashing it happen once, not per
 * request. Only an answer served a second time is kept: most (a product page) are made afresh
 * for each request and would push the shared ones out. One per app (buildApp).
 */
export function createSerialisedAnswers(): SerialisedAnswers {
  const servedOnce = new WeakSet<object>();
  const kept = new LruCache<object, { body: string; etag: string }>({
    maxEntries: 5000,
    maxBytes: SERIALISED_ANSWER_BYTES,
    sizeOf: ({ body }) => body.length + jsonHeapBytes(body.length),
  });
  return {
    of(result, schema) {
      const shared = typeof result === 'object' && result !== null ? result : null;
      const before = shared && kept.get(shared);
      if (before) return before;
      const body = JSON.stringify(schema ? schema.parse(result) : result);
      // The one-shot hash: a third cheaper than a Hash object for a listing's 20 kB (bench:unseen hashes every new answer).
      const answer = { body, etag: `W/"${hash('sha1', body, 'base64url')}"` };
      if (shared && servedOnce.has(shared)) kept.set(shared, answer);
      else if (shared) servedOnce.add(shared);
      return answer;
    },
    stats: () => kept.stats(),
  };
}

/**
 * Public catalogue-style responses: an ETag and max-age a CDN can use, 304 when unchanged. With
 * `cacheSeconds: 0` browsers and CDNs may keep the answer but must ask again every time (a 304
 * when nothing changed): for answers that must change the moment the data does (review listings).
 */
function sendCacheable(request: FastifyRequest, reply: FastifyReply, { body, etag }: { body: string; etag: string }, seconds: number) {
  reply.header('cache-control', seconds > 0 ? `public, max-age=${seconds}, stale-while-revalidate=${seconds}` : 'public, max-age=0, must-revalidate');
  reply.header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  // A string payload is sent as it is, so the body hashed is the body served.
  return reply.type('application/json; charset=utf-8').send(body);
}
