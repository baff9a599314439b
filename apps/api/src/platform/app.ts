import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { Redis } from 'ioredis';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiConfig } from '../config.ts';
import type { Platform } from './context.ts';
import type { ApiModule } from './module.ts';
import { createSerialisedAnswers } from './bind.ts';
import { PlatformErrors } from './errors.ts';
import { installProblemHandler, problemHandler, sendProblem } from './problem-handler.ts';
import { registerApiDocs } from './openapi.ts';
import { installSecurityHeaders } from './security-headers.ts';
import { memoryCounters, rateLimitStore, redisCounters, type Counters } from './rate-limit-store.ts';
import type { LogDestination } from './request-log.ts';
import { shopServerOptions } from './server-options.ts';
import { believeWebTierVisitors, isWebTierCheck } from './web-tier.ts';
import { refuseUnstorableText } from './storable-text.ts';
import { installOperations, type OperationsOptions } from './operations.ts';

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

export interface BuildAppOptions {
  config: ApiConfig;
  platform: Platform;
  modules: readonly ApiModule[];
  /** Pass `false` to silence logs (tests); defaults to pino at the configured level. */
  logger?: boolean;
  /** Where log lines go, redacted (a test's capture); standard output by default. */
  logDestination?: LogDestination;
  /** The probes' readiness checks and how often overload is measured (operations.ts). */
  operations?: OperationsOptions;
}

/** Routing rules the spec asks for: case-insensitive paths, as the original backend matched them. */
const routerOptions = { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true };

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const retryAfterSeconds = config.operations.overload.retryAfterSeconds;
  const answerProblem = problemHandler(config.bodyLimitBytes, retryAfterSeconds);
  const app = Fastify({
    ...shopServerOptions(config, options),
    routerOptions,
    frameworkErrors: (error, request, reply) => void answerProblem(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('platform', options.platform);
  app.decorate('serialisedAnswers', createSerialisedAnswers());
  options.platform.caches.watch('serialisedAnswers', () => app.serialisedAnswers.stats());
  app.decorateRequest('actor', null);
  installSecurityHeaders(app);
  installProblemHandler(app, config.bodyLimitBytes, retryAfterSeconds);
  await installOperations(app, config, options.operations);

  // Before the rate limit's own hook: a storefront call counts against its visitor's budget.
  believeWebTierVisitors(app, config.webTierSecret);
  // Compression is opted into per route (bindEndpoint, pages): tiny JSON gains nothing from it.
  await app.register(compress, { global: false, threshold: 1024 });
  await app.register(rateLimit, {
    store: rateLimitStore(rateLimitCounters(app, config)),
    // A Redis outage lets calls through rather than failing every one of them; the outage is logged.
    skipOnError: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Only API calls count; page and asset requests are the web tier's concern, and so are its checks of kept pages.
    allowList: (request) => !request.url.toLowerCase().startsWith('/api/') || isWebTierCheck(request),
    errorResponseBuilder: (_request, context) => {
      const error = PlatformErrors.rateLimited(Math.max(1, Math.ceil(context.ttl / 1000)));
      return Object.assign(error, { statusCode: 429 });
    },
  });
  await registerApiDocs(app, config);

  // A second router that knows every API path, so a wrong method gets 405 rather than 404.
  const knownPaths = FindMyWay(routerOptions);
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethod[];
    for (const method of methods) {
      if (route.url.startsWith('/api/') && !route.url.endsWith('*') && !knownPaths.hasRoute(method, route.url)) {
        knownPaths.on(method, route.url, () => {});
      }
    }
  });

  // Every route the modules add (their plugins awaited, as all are) refuses text PostgreSQL cannot
  // store, after its access check. Not a web tier mounted here later: it calls the API with its input.
  let addingApiRoutes = true;
  app.addHook('onRoute', (route) => {
    if (addingApiRoutes) route.preValidation = [...[route.preValidation ?? []].flat(), refuseUnstorableText];
  });
  for (const module of options.modules) await module.registerRoutes(app);
  addingApiRoutes = false;

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? request.url;
    const allowed = (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).filter(
      (method) => method !== request.method && knownPaths.find(method, path) !== null,
    );
    const error = allowed.length ? PlatformErrors.methodNotAllowed(request.method, path, allowed) : PlatformErrors.routeNotFound(request.method, path);
    return sendProblem(request, reply, error);
  };
  // Explicit so that a web tier mounted on the same server never answers for /api paths.
  app.all('/api/*', { schema: { hide: true } }, notFound);
  app.setNotFoundHandler(notFound);
  return app;
}

/** In this process, or in Redis when it is configured (closed with the app). */
function rateLimitCounters(app: FastifyInstance, config: ApiConfig): Counters {
  if (!config.redis) return memoryCounters();
  // No queue while disconnected: a call is counted now or let through, never held waiting.
  const redis = new Redis(config.redis.url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) app.log.warn({ err: error }, 'Redis is unreachable: rate limits are not applied until it is back');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redisCounters(redis, config.redis.keyPrefix);
}
