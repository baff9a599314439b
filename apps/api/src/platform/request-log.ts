import { LogController, type FastifyBaseLogger, type FastifyLoggerOptions, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, LoggerOptions } from 'pino';
import { redactLogText } from '@shop/contracts/redaction';

/** Where a logger's lines go: one JSON line per call. */
export interface LogDestination {
  write(line: string): void;
}

/**
 * The options of every logger the shop makes (the API's, a storefront-only instance's): pino JSON at
 * `level`, each line through `redactLogText` as it is written, so no e-mail address or token reaches
 * a log, whoever wrote the line and however (decision 0048). `destination` is where lines go
 * (standard output when absent; a test's capture).
 */
export function shopLoggerOptions(level: string, destination?: LogDestination): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    hooks: { streamWrite: redactLogText },
    ...(destination ? { stream: destination } : {}),
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type ParentLogger = FastifyBaseLogger & { isLevelEnabled(level: string): boolean };

/**
 * A request's logger that makes its pino child (the one carrying the request id) only when a line
 * is written at an enabled level. Fastify makes that child for every request, serialising its
 * bindings to JSON; above `info` a healthy request writes nothing, so the child was pure cost.
 */
class RequestLogger implements FastifyBaseLogger {
  readonly #parent: ParentLogger;
  readonly #bindings: Bindings;
  #child: FastifyBaseLogger | null = null;

  constructor(parent: ParentLogger, bindings: Bindings) {
    this.#parent = parent;
    this.#bindings = bindings;
  }

  #logger(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings));
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#parent.isLevelEnabled(level)) return;
    const logger = this.#logger();
    (logger[level] as (...line: unknown[]) => void).apply(logger, args);
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  silent(): void {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a lazy child unless the route sets its own level or serializers. */
export function requestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  // Fastify's silent logger (`logger: false`) has no levels and its child is itself: nothing to save.
  if (options.level || options.serializers || !('isLevelEnabled' in logger)) return logger.child(bindings, options);
  return new RequestLogger(logger as ParentLogger, bindings);
}

/**
 * Fastify's per-request lines ("incoming request", "request completed") at `debug`, so the log at
 * the default `info` holds what is worth reading: a request that took `slowMs` or more (info), one
 * refused for going too fast (429, info) and every failure (5xx, error). `LOG_LEVEL=debug` shows
 * every request again; `REQUEST_LOG_SLOW_MS` sets the threshold (README).
 */
export class ShopLogController extends LogController {
  readonly slowMs: number;

  constructor(slowMs: number) {
    super();
    this.slowMs = slowMs;
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, _request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    // A request refused for overload (503 with Retry-After, decision 0070) is counted by /metrics, not written: writing adds load.
    if (reply.statusCode === 503 && reply.hasHeader('retry-after') && !error) reply.log.debug({ res: reply, responseTime }, 'request refused: overloaded');
    else if (error || reply.statusCode >= 500) reply.log.error({ res: reply, err: error, responseTime }, 'request failed');
    else if (responseTime >= this.slowMs) reply.log.info({ res: reply, responseTime }, 'slow request');
    else if (reply.statusCode === 429) reply.log.info({ res: reply, responseTime }, 'request refused: too many requests');
    else reply.log.debug({ res: reply, responseTime }, 'request completed');
  }
}
