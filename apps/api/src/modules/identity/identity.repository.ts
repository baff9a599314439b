import { and, count, desc, eq, gt, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { identityOidcPayloads, identitySecrets, identityThrottleEvents, identityUsers, identityUserTokens, type UserTokenPurpose } from './identity.tables.ts';

export type UserRow = typeof identityUsers.$inferSelect;
export type UserTokenRow = typeof identityUserTokens.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ── users ────────────────────────────────────────────────────────────────────────────────────────

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(identityUsers)
    .where(sql`lower(${identityUsers.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** Ids come from tokens and links: anything that is not a uuid simply finds nobody. */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db.select().from(identityUsers).where(eq(identityUsers.id, id)).limit(1);
  return row;
}

/** Inserts a user, or returns null when the e-mail address (in any case) is taken. */
export async function insertUser(db: Database, values: typeof identityUsers.$inferInsert): Promise<UserRow | null> {
  const [row] = await db.insert(identityUsers).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateUser(
  db: Database,
  id: string,
  values: Partial<Pick<UserRow, 'name' | 'passwordHash' | 'emailVerifiedAt' | 'roles' | 'tradeAccountId'>>,
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(identityUsers)
    .set({ ...values, updatedAt: now })
    .where(eq(identityUsers.id, id))
    .returning();
  return row;
}

// ── one-time links ───────────────────────────────────────────────────────────────────────────────

export async function insertUserToken(
  db: Database,
  values: { userId: string; purpose: UserTokenPurpose; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<UserTokenRow> {
  const [row] = await db.insert(identityUserTokens).values(values).returning();
  if (!row) throw new Error('identity token was not inserted');
  return row;
}

export async function findUserToken(db: Database, tokenHash: string): Promise<UserTokenRow | undefined> {
  const [row] = await db.select().from(identityUserTokens).where(eq(identityUserTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Marks a link used; false if it was used already (two clicks racing: only one wins). */
export async function useUserToken(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(identityUserTokens)
    .set({ usedAt: now })
    .where(and(eq(identityUserTokens.id, id), isNull(identityUserTokens.usedAt)))
    .returning({ id: identityUserTokens.id });
  return rows.length === 1;
}

/** Every unused link of this kind for the user stops working. */
export async function retireUserTokens(db: Database, userId: string, purpose: UserTokenPurpose, now: Date): Promise<void> {
  await db
    .update(identityUserTokens)
    .set({ usedAt: now })
    .where(and(eq(identityUserTokens.userId, userId), eq(identityUserTokens.purpose, purpose), isNull(identityUserTokens.usedAt)));
}

/** The newest link of this kind still usable, to avoid sending a new one every minute. */
export async function newestUsableUserToken(db: Database, userId: string, purpose: UserTokenPurpose, now: Date): Promise<UserTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(identityUserTokens)
    .where(
      and(
        eq(identityUserTokens.userId, userId),
        eq(identityUserTokens.purpose, purpose),
        isNull(identityUserTokens.usedAt),
        gt(identityUserTokens.expiresAt, now),
      ),
    )
    .orderBy(desc(identityUserTokens.createdAt))
    .limit(1);
  return row;
}

// ── oidc-provider artefacts ──────────────────────────────────────────────────────────────────────

export interface OidcPayloadRow {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

export async function upsertOidcPayload(
  db: Database,
  values: {
    kind: string;
    id: string;
    payload: Record<string, unknown>;
    grantId: string | null;
    userCode: string | null;
    uid: string | null;
    accountId: string | null;
    expiresAt: Date | null;
  },
): Promise<void> {
  await db
    .insert(identityOidcPayloads)
    .values(values)
    .onConflictDoUpdate({
      target: [identityOidcPayloads.kind, identityOidcPayloads.id],
      // A consumed artefact stays consumed even if it is saved again.
      set: {
        payload: values.payload,
        grantId: values.grantId,
        userCode: values.userCode,
        uid: values.uid,
        accountId: values.accountId,
        expiresAt: values.expiresAt,
      },
    });
}

const notExpired = (now: Date) => or(isNull(identityOidcPayloads.expiresAt), gt(identityOidcPayloads.expiresAt, now));

export async function findOidcPayload(
  db: Database,
  kind: string,
  by: { id: string } | { uid: string } | { userCode: string },
  now: Date,
): Promise<OidcPayloadRow | undefined> {
  const match =
    'id' in by ? eq(identityOidcPayloads.id, by.id) : 'uid' in by ? eq(identityOidcPayloads.uid, by.uid) : eq(identityOidcPayloads.userCode, by.userCode);
  const [row] = await db
    .select({ payload: identityOidcPayloads.payload, consumedAt: identityOidcPayloads.consumedAt })
    .from(identityOidcPayloads)
    .where(and(eq(identityOidcPayloads.kind, kind), match, notExpired(now)))
    .limit(1);
  return row as OidcPayloadRow | undefined;
}

export async function consumeOidcPayload(db: Database, kind: string, id: string, now: Date): Promise<void> {
  await db
    .update(identityOidcPayloads)
    .set({ consumedAt: now })
    .where(and(eq(identityOidcPayloads.kind, kind), eq(identityOidcPayloads.id, id)));
}

export async function destroyOidcPayload(db: Database, kind: string, id: string): Promise<void> {
  await db.delete(identityOidcPayloads).where(and(eq(identityOidcPayloads.kind, kind), eq(identityOidcPayloads.id, id)));
}

export async function revokeOidcGrant(db: Database, grantId: string): Promise<void> {
  await db.delete(identityOidcPayloads).where(eq(identityOidcPayloads.grantId, grantId));
}

/** oidc-provider models that belong to one signed-in user. */
const ACCOUNT_KINDS = ['Session', 'Grant', 'AccessToken', 'AuthorizationCode', 'RefreshToken', 'Interaction'];

/** Ends every session, grant, code and refresh token of one user (after a password reset). */
export async function destroyAccountArtefacts(db: Database, accountId: string): Promise<void> {
  await db.delete(identityOidcPayloads).where(and(eq(identityOidcPayloads.accountId, accountId), inArray(identityOidcPayloads.kind, ACCOUNT_KINDS)));
}

export async function deleteExpiredOidcPayloads(db: Database, now: Date): Promise<void> {
  await db.delete(identityOidcPayloads).where(lt(identityOidcPayloads.expiresAt, now));
}

// ── generated secrets ────────────────────────────────────────────────────────────────────────────

/** Stores `value` under `name` unless another instance got there first; returns what is stored. */
export async function ensureSecret<T>(db: Database, name: string, generate: () => Promise<T>): Promise<T> {
  const existing = await findSecret<T>(db, name);
  if (existing !== undefined) return existing;
  await db
    .insert(identitySecrets)
    .values({ name, value: await generate() })
    .onConflictDoNothing();
  const stored = await findSecret<T>(db, name);
  if (stored === undefined) throw new Error(`identity secret ${name} was not stored`);
  return stored;
}

async function findSecret<T>(db: Database, name: string): Promise<T | undefined> {
  const [row] = await db.select({ value: identitySecrets.value }).from(identitySecrets).where(eq(identitySecrets.name, name));
  return row?.value as T | undefined;
}

// ── throttling ───────────────────────────────────────────────────────────────────────────────────

/**
 * Makes transactions counting the same buckets take turns until they end (transaction-scoped
 * advisory locks), so a check and the event it records cannot interleave with another's. Taken in
 * one order, so two transactions sharing buckets never deadlock.
 */
export async function lockThrottleBuckets(db: Database, buckets: readonly string[]): Promise<void> {
  for (const bucket of [...new Set(buckets)].toSorted()) await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`throttle:${bucket}`}, 0))`);
}

/** Counts one event in the bucket; returns its id. */
export async function recordThrottleEvent(db: Database, bucket: string, at: Date): Promise<number> {
  const [row] = await db.insert(identityThrottleEvents).values({ bucket, createdAt: at }).returning({ id: identityThrottleEvents.id });
  return row!.id;
}

export async function deleteThrottleEvents(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(identityThrottleEvents).where(inArray(identityThrottleEvents.id, [...ids]));
}

/** The bucket's events since `since`, newest first, at most `limit`. */
export async function recentThrottleEvents(db: Database, bucket: string, since: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: identityThrottleEvents.createdAt })
    .from(identityThrottleEvents)
    .where(and(eq(identityThrottleEvents.bucket, bucket), gt(identityThrottleEvents.createdAt, since)))
    .orderBy(desc(identityThrottleEvents.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

export async function clearThrottleBucket(db: Database, bucket: string): Promise<void> {
  await db.delete(identityThrottleEvents).where(eq(identityThrottleEvents.bucket, bucket));
}

export async function deleteThrottleEventsBefore(db: Database, before: Date): Promise<void> {
  await db.delete(identityThrottleEvents).where(lt(identityThrottleEvents.createdAt, before));
}

/**
 * UK GDPR erasure: the account keeps its id (orders and requests point at it) but loses its name,
 * address and password, and every session and one-time link it had; nobody can sign in to it again.
 */
export async function eraseUser(db: Database, id: string, now: Date): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const [row] = await db
    .update(identityUsers)
    .set({
      email: `erased-${id}@erased.invalid`,
      name: 'Erased customer',
      // Not a PHC string: no password can match it.
      passwordHash: '!erased',
      roles: ['shopper'],
      tradeAccountId: null,
      updatedAt: now,
    })
    .where(eq(identityUsers.id, id))
    .returning({ id: identityUsers.id });
  if (!row) return false;
  await db.delete(identityUserTokens).where(eq(identityUserTokens.userId, id));
  await db.delete(identityOidcPayloads).where(eq(identityOidcPayloads.accountId, id));
  return true;
}

/** Erasure (platform/personal-data.ts): the account itself, unless it is erased already. */
export async function countAccountOf(db: Database, subject: DataSubject): Promise<number> {
  if (!subject.userId || !UUID.test(subject.userId)) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(identityUsers)
    .where(and(eq(identityUsers.id, subject.userId), not(sql`${identityUsers.email} like '%@erased.invalid'`)));
  return row?.n ?? 0;
}
