/**
 * `Idempotency-Key` for the API's calls, and for the shop's own calls to a gateway that takes one.
 * An endpoint asks for it in its contract (`idempotent: { scope }`) and `bindEndpoint` applies it:
 * a retry by the same caller with the same key and input replays the first answer.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../db/client.ts';
import { AppError, PlatformErrors } from './errors.ts';
import * as repository from './idempotency.repository.ts';
import type { Job } from './jobs.ts';

/** How long a call may hold its key; after that a retry takes over (the first caller crashed). */
const LEASE_MS = 2 * 60_000;
const KEY = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyRequest {
  /** The key the caller sent (an `Idempotency-Key` header, or one the shop made per attempt). */
  key: string;
  /** What the key is for, e.g. `checkout.complete-payment` or `sandbox.create-intent`: keys are per scope. */
  scope: string;
  /**
   * Who sent the key: a signed-in user's id, `null` for a guest, or the shop itself for its own calls.
   * A stored answer belongs to its caller: another caller sending the same key gets their own answer.
   */
  caller: { userId: string } | null | 'shop';
  /** `hashRequest(body)`: the same key with a different body is refused. */
  requestHash: string;
  now?: Date;
  /**
   * Commit the key's own records without waiting for the disk (`synchronous_commit = off` for those
   * statements only). For calls whose work is idempotent without the key (placing an order is keyed
   * by its basket), where a record lost in a crash only means a retry runs the work again and gets
   * the same answer; it saves two of the three disk flushes a completion waits for. The work's own
   * transaction stays durable, and its flush carries the claim made before it.
   */
  relaxedCommit?: boolean;
}

/** A stable hash of a request body: object keys are sorted, so their order does not matter. */
export function hashRequest(body: unknown): string {
  return createHash('sha256').update(stableJson(body)).digest('base64url');
}

function stableJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .toSorted(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${stableJson(item)}`).join(',')}}`;
}

interface StoredRefusal {
  code: string;
  detail: string;
  errors?: AppError['errors'];
}

/**
 * Runs `run` once per (scope, key): the same key and body again replays the first outcome (a result,
 * or a 4xx refusal); the same key with another body is 422 `IDEMPOTENCY_KEY_REUSED`; while the first
 * call still runs, 409 `IDEMPOTENCY_IN_PROGRESS`. A 5xx or crash is not stored, so a retry runs again.
 * The claim is an `insert … on conflict do nothing`, atomic on PostgreSQL and PGlite alike, and no
 * transaction is held while `run` works (it may call a remote gateway). Results travel as JSON: the
 * first caller gets the same JSON a replay gets.
 */
export async function withIdempotency<T>(db: Database, request: IdempotencyRequest, run: () => Promise<T>): Promise<T> {
  if (!KEY.test(request.key)) throw PlatformErrors.idempotencyKeyInvalid();
  const now = request.now ?? new Date();
  const lockedUntil = new Date(now.getTime() + LEASE_MS);
  const name = { scope: scopeOf(request), key: request.key };
  const relaxed = request.relaxedCommit ?? false;

  if (!(await repository.claimKey(db, name, { requestHash: request.requestHash, lockedUntil, now }, relaxed))) {
    const existing = await repository.findKey(db, name);
    if (!existing) return withIdempotency(db, request, run); // freed meanwhile by a failed run
    if (existing.requestHash !== request.requestHash) throw PlatformErrors.idempotencyKeyReused();
    if (existing.state === 'done') return replay<T>(existing.responseStatus ?? 200, existing.response);
    // Still running, unless its lease ran out: then this call takes it over, once.
    if (!(await repository.takeOverKey(db, name, lockedUntil, now))) throw PlatformErrors.idempotencyInProgress();
  }

  let result: T;
  try {
    result = JSON.parse(JSON.stringify(await run()) ?? 'null') as T;
  } catch (error) {
    if (error instanceof AppError && error.status >= 400 && error.status < 500) {
      const refusal: StoredRefusal = { code: error.code, detail: error.message, ...(error.errors && { errors: error.errors }) };
      await finishOrFree(db, name, { status: error.status, json: JSON.stringify(refusal), relaxed, lockedUntil });
    } else {
      await freeKeyNowOrOnceBack(db, name, lockedUntil);
    }
    throw error;
  }
  await finishOrFree(db, name, { status: 200, json: JSON.stringify(result ?? null), relaxed, lockedUntil });
  return result;
}

/**
 * Records the call's outcome. If that fails (the database went away as the call finished), the claim is freed once the
 * database is back, so the caller's retry runs the call again, as one taking over a lapsed claim would, instead of being
 * told for the lease's two minutes that it is still being processed (what shoppers met after a restart of PostgreSQL).
 */
async function finishOrFree(
  db: Database,
  name: { scope: string; key: string },
  outcome: { status: number; json: string; relaxed: boolean; lockedUntil: Date },
): Promise<void> {
  try {
    await repository.finishKey(db, name, outcome.status, outcome.json, outcome.relaxed);
  } catch (error) {
    await freeKeyNowOrOnceBack(db, name, outcome.lockedUntil);
    throw error;
  }
}

/**
 * Frees the claim of a run that failed, so a retry runs again. When the database is what failed,
 * the claim is freed once it is back (tried for a minute, doubling from a quarter of a second),
 * so the shopper's retry after an outage is not refused as in progress until the lease runs out.
 */
async function freeKeyNowOrOnceBack(db: Database, name: { scope: string; key: string }, lockedUntil: Date): Promise<void> {
  const tryFree = (delayMs: number): Promise<void> =>
    repository.freeKey(db, name, lockedUntil).catch(() => {
      if (delayMs <= 32_000) setTimeout(() => void tryFree(delayMs * 2), delayMs).unref();
    });
  await tryFree(250);
}

/** The stored scope: what the key is for, and whose it is. */
function scopeOf({ scope, caller }: IdempotencyRequest): string {
  if (caller === 'shop') return scope;
  return `${scope}@${caller ? `user:${caller.userId}` : 'guest'}`;
}

/**
 * An API call made at most once per `Idempotency-Key` header and caller: without the header it
 * simply runs. `scope` names the call (its contract's `idempotent.scope`); `input` is what the
 * request asked for (params, query and body), so the same key for another request is refused.
 */
export function onceForIdempotencyKey<T>(
  ctx: { db: Database; actor: { userId: string } | null; clock: { now(): Date } },
  key: string | string[] | undefined,
  call: { scope: string; input: unknown; relaxedCommit?: boolean },
  run: () => Promise<T>,
): Promise<T> {
  if (typeof key !== 'string') return run();
  const caller = ctx.actor ? { userId: ctx.actor.userId } : null;
  return withIdempotency(
    ctx.db,
    { key, scope: call.scope, caller, requestHash: hashRequest(call.input), now: ctx.clock.now(), relaxedCommit: call.relaxedCommit },
    run,
  );
}

/** Keys are kept a day, as Stripe keeps them: long enough for any retry of the same attempt. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 24 * 60 * 60_000;

/** Deletes finished keys older than the retention; returns how many went. */
export function pruneIdempotencyKeys(db: Database, now: Date): Promise<number> {
  return repository.deleteFinishedKeys(db, new Date(now.getTime() - IDEMPOTENCY_KEY_RETENTION_MS));
}

/** Every hour, each instance deletes the keys past their retention; deleting twice does no harm. */
export const idempotencyKeysPruning: Job = {
  name: 'idempotency-keys-pruning',
  everyMs: 60 * 60_000,
  runOnce: async ({ db, clock }) => ({ claimed: await pruneIdempotencyKeys(db, clock.now()) }),
};

function replay<T>(status: number, response: unknown): T {
  if (status >= 400) {
    const refusal = response as StoredRefusal;
    throw new AppError(status, refusal.code, refusal.detail, { errors: refusal.errors });
  }
  return response as T;
}
