import { AsyncLocalStorage } from 'node:async_hooks';

/** Set while an answer kept for every page is asked for: its call is marked so (`keptForEveryPage`). */
const keptLoads = new AsyncLocalStorage<true>();

/**
 * Whether the API call being made is for an answer kept for every page: the shop's server then does not count it among the
 * sources of the page whose drawing made it (decision 0162), since every page shows it, refreshed every few seconds.
 */
export const keptForEveryPage = (): boolean => keptLoads.getStore() === true;

/**
 * An answer every visitor's page shows alike (the category tree, the shop's details), kept by this
 * web-tier process for `keepMs` after it arrives: a page view then costs neither an API call nor a
 * unit of its visitor's rate-limit budget for it (decision 0047). Only an answer is kept: a failure
 * (a rejection, or null) belongs to the request that met it, and the next page asks again. The
 * loaders of one request (the root's and the page's) share one call through the request's context.
 */
export function sharedAnswer<T>(
  keepMs: number,
  load: (request: Request) => Promise<T>,
  clock: () => number = Date.now,
): (request: Request, requestContext: object) => Promise<T> {
  let kept: { value: T; until: number } | null = null;
  const pending = new WeakMap<object, Promise<T>>();
  return (request, requestContext) => {
    let answer = pending.get(requestContext);
    if (answer) return answer;
    answer =
      kept && kept.until > clock()
        ? Promise.resolve(kept.value)
        : keptLoads
            .run(true, () => load(request))
            .then((value) => {
              if (value !== null) kept = { value, until: clock() + keepMs };
              return value;
            });
    pending.set(requestContext, answer);
    return answer;
  };
}

/**
 * `sharedAnswer` for answers that differ by a key but not by visitor (a page type's carousels,
 * by category): each key's answer is kept for `keepMs`, and at most `maxKeys` keys, the oldest
 * dropped first, so a visitor naming made-up keys cannot grow it without bound.
 */
export function sharedAnswers<T>(
  keepMs: number,
  load: (request: Request, key: string) => Promise<T>,
  options: { maxKeys?: number; clock?: () => number } = {},
): (request: Request, requestContext: object, key: string) => Promise<T> {
  const { maxKeys = 500, clock = Date.now } = options;
  const byKey = new Map<string, (request: Request, requestContext: object) => Promise<T>>();
  return (request, requestContext, key) => {
    let answer = byKey.get(key);
    if (!answer) {
      answer = sharedAnswer(keepMs, (first) => load(first, key), clock);
      byKey.set(key, answer);
      if (byKey.size > maxKeys) byKey.delete(byKey.keys().next().value!);
    }
    return answer(request, requestContext);
  };
}
