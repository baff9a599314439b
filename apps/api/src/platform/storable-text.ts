import type { preValidationHookHandler } from 'fastify';
import { PlatformErrors } from './errors.ts';

/**
 * What PostgreSQL refuses in text: U+0000, and UTF-16 surrogates left unpaired (they have no UTF-8
 * form). In a `u` pattern a pair is one code point, so `\p{Cs}` matches only a lone half.
 */
const UNSTORABLE = /[\0\p{Cs}]/u;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

/** Deeper than this, a path names the ancestor at this depth: the answer stays short. */
const MAX_PATH_PARTS = 16;

const pathOf = (visit: Visit, key?: string): string => {
  const parts = key === undefined ? [] : [key];
  for (let at: Visit | null = visit; at; at = at.parent) parts.push(at.key);
  return parts.toReversed().slice(0, MAX_PATH_PARTS).join('.');
};

/**
 * Only what parsers make is walked, never a buffer or stream: arrays, and dictionaries, whose
 * prototype is Object's or none (params and query have one of their own, itself without one).
 */
const isParsedContainer = (value: object): boolean => {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
};

/**
 * Where in `value` (named `name`) a string or key holds text PostgreSQL cannot store, as a dotted
 * path like `body.items.0.name`, or null. A bad key is reported as the object holding it, so the
 * path never carries the bad text. Walked with a list, not recursion: a parsed body may be nested
 * deeper than the call stack.
 */
export function unstorableTextAt(value: unknown, name: string): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : name;
  const pending: Visit[] = [{ value, key: name, parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const container = visit.value;
    if (typeof container !== 'object' || container === null || !isParsedContainer(container)) continue;
    for (const key of Object.keys(container)) {
      if (!isStorableText(key)) return pathOf(visit);
      const item = (container as Record<string, unknown>)[key];
      if (typeof item === 'string') {
        if (!isStorableText(item)) return pathOf(visit, key);
      } else if (typeof item === 'object' && item !== null) {
        pending.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * Refuses a request whose path parameters, query or parsed body hold text PostgreSQL cannot store,
 * before any handler reads it: 400, never a 500 from the database. Headers need no check: Node's
 * parser refuses a NUL in them and reads them as Latin-1, which has no surrogates.
 */
export const refuseUnstorableText: preValidationHookHandler = (request, _reply, done) => {
  const where = unstorableTextAt(request.params, 'params') ?? unstorableTextAt(request.query, 'query') ?? unstorableTextAt(request.body, 'body');
  done(where === null ? undefined : PlatformErrors.characterNotAllowed(where));
};
