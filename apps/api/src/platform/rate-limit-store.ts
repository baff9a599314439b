import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * Counters for @fastify/rate-limit: in this process by default, or in Redis so that every instance
 * behind a load balancer counts against the same budget (docs/scaling.md).
 *
 * The plugin gives each route with its own limit a child store. Its stores key children by route,
 * so a route's `groupId` did not share a budget across routes; here a child for a group is keyed by
 * the group, so routes that share a `groupId` (order tracking's three calls) share one counter.
 */
export interface Counters {
  /** Counts one hit on `key` and returns the count and milliseconds left in its window (at once in memory). */
  hit(key: string, windowMs: number): Hit | Promise<Hit>;
}

type Hit = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Hit) => void;
/** What the plugin passes to `child` at run time: the route's merged limit settings (its types say route options). */
interface ChildParams {
  groupId?: string;
  routeInfo?: { method?: string | string[]; url?: string };
}

/** The store constructor the plugin's `store` option takes, counting in `counters`. */
export function rateLimitStore(counters: Counters): FastifyRateLimitStoreCtor {
  return class RateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(_options?: unknown, prefix = 'all:') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      const result = counters.hit(this.prefix + key, timeWindow);
      // Every API call passes here: counted in memory, it answers without a promise.
      if (!(result instanceof Promise)) return callback(null, result);
      result.then(
        (counted) => callback(null, counted),
        (error: Error) => callback(error),
      );
    }

    child(options: object) {
      const params = options as ChildParams;
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      return new RateLimitStore(undefined, params.groupId ? `group:${params.groupId}:` : `route:${method} ${params.routeInfo?.url ?? ''}:`);
    }
  };
}

/** Counters in this process: a window per key, the oldest keys forgotten past `capacity`; `clock` for tests. */
export function memoryCounters(capacity = 10_000, clock: () => number = Date.now): Counters {
  const windows = new Map<string, { current: number; endsAt: number }>();
  return {
    hit(key, windowMs) {
      const now = clock();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { current: 0, endsAt: now + windowMs };
        windows.delete(key);
        if (windows.size >= capacity) windows.delete(windows.keys().next().value!);
        windows.set(key, window);
      }
      window.current += 1;
      return { current: window.current, ttl: window.endsAt - now };
    },
  };
}

// One round trip: count, start the window on the first hit, and say how long it has left.
const HIT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { current, ttl }`;

/** Counters in Redis, under `prefix`, shared by every instance that uses the same server. */
export function redisCounters(redis: Redis, prefix: string): Counters {
  return {
    async hit(key, windowMs) {
      const [current, ttl] = (await redis.eval(HIT, 1, `${prefix}rate:${key}`, windowMs)) as [number, number];
      return { current, ttl };
    },
  };
}
