import { asc, count, desc, eq, and, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { CHANGES_CHANNEL } from '../../platform/change-notices.ts';
import { searchSynonymChanges, searchSynonymGroups, searchSynonymWords } from './search-synonyms.tables.ts';

export interface SynonymGroupRow {
  id: number;
  words: string[];
  version: number;
  updatedAt: Date;
}

export type SynonymChangeRow = typeof searchSynonymChanges.$inferSelect;

/** Each group's words in their order, groups in the order they were made (what search's lookup is built from). */
export async function allSynonymWords(db: Database): Promise<string[][]> {
  const rows = await db
    .select({ groupId: searchSynonymWords.groupId, word: searchSynonymWords.word })
    .from(searchSynonymWords)
    .orderBy(asc(searchSynonymWords.groupId), asc(searchSynonymWords.position));
  const groups = new Map<number, string[]>();
  for (const row of rows) (groups.get(row.groupId) ?? groups.set(row.groupId, []).get(row.groupId)!).push(row.word);
  return [...groups.values()];
}

export async function countSynonymGroups(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(searchSynonymGroups);
  return row?.n ?? 0;
}

/** A page of groups, oldest first, with their words. */
export async function synonymGroupPage(db: Database, offset: number, limit: number): Promise<SynonymGroupRow[]> {
  const groups = await db.select().from(searchSynonymGroups).orderBy(asc(searchSynonymGroups.id)).offset(offset).limit(limit);
  return withWords(db, groups);
}

export async function synonymGroup(db: Database, id: number): Promise<SynonymGroupRow | null> {
  const groups = await db.select().from(searchSynonymGroups).where(eq(searchSynonymGroups.id, id));
  return (await withWords(db, groups))[0] ?? null;
}

async function withWords(db: Database, groups: (typeof searchSynonymGroups.$inferSelect)[]): Promise<SynonymGroupRow[]> {
  if (groups.length === 0) return [];
  const words = await db
    .select()
    .from(searchSynonymWords)
    .where(
      inArray(
        searchSynonymWords.groupId,
        groups.map((group) => group.id),
      ),
    )
    .orderBy(asc(searchSynonymWords.position));
  return groups.map((group) => ({ ...group, words: words.filter((word) => word.groupId === group.id).map((word) => word.word) }));
}

/** The groups holding any of `words`, other than `except`: the first such word and its group. */
export async function groupHoldingAny(db: Database, words: readonly string[], except: number | null): Promise<{ word: string; group: SynonymGroupRow } | null> {
  const [taken] = await db
    .select()
    .from(searchSynonymWords)
    .where(and(inArray(searchSynonymWords.word, [...words]), except === null ? undefined : sql`${searchSynonymWords.groupId} <> ${except}`))
    .limit(1);
  if (!taken) return null;
  const group = await synonymGroup(db, taken.groupId);
  return group && { word: taken.word, group };
}

/** Creating groups one at a time, so two at once cannot pass the limit on groups together. */
export async function lockSynonymGroupCount(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('search-synonym-groups', 0))`);
}

export async function insertSynonymGroup(db: Database, at: Date): Promise<number> {
  const [row] = await db.insert(searchSynonymGroups).values({ version: 1, updatedAt: at }).returning({ id: searchSynonymGroups.id });
  return row!.id;
}

/** The group moved on from `version`; null when it is gone or at another version. */
export async function bumpSynonymGroup(db: Database, id: number, version: number, at: Date): Promise<number | null> {
  const [row] = await db
    .update(searchSynonymGroups)
    .set({ version: sql`${searchSynonymGroups.version} + 1`, updatedAt: at })
    .where(and(eq(searchSynonymGroups.id, id), eq(searchSynonymGroups.version, version)))
    .returning({ version: searchSynonymGroups.version });
  return row?.version ?? null;
}

/**
 * The group's words replaced by `words`: those another group holds are left out (the word's key
 * keeps it in one group, whoever saved first) and returned, so the caller refuses the change.
 */
export async function replaceSynonymWords(db: Database, groupId: number, words: readonly string[]): Promise<string[]> {
  await db.delete(searchSynonymWords).where(eq(searchSynonymWords.groupId, groupId));
  const added = await db
    .insert(searchSynonymWords)
    .values(words.map((word, position) => ({ word, groupId, position })))
    .onConflictDoNothing({ target: searchSynonymWords.word })
    .returning({ word: searchSynonymWords.word });
  const kept = new Set(added.map((row) => row.word));
  return words.filter((word) => !kept.has(word));
}

export async function deleteSynonymGroup(db: Database, id: number, version: number): Promise<string[] | null> {
  const group = await synonymGroup(db, id);
  if (!group || group.version !== version) return null;
  const deleted = await db
    .delete(searchSynonymGroups)
    .where(and(eq(searchSynonymGroups.id, id), eq(searchSynonymGroups.version, version)))
    .returning({ id: searchSynonymGroups.id });
  return deleted.length ? group.words : null;
}

export async function insertSynonymChange(db: Database, change: typeof searchSynonymChanges.$inferInsert): Promise<void> {
  await db.insert(searchSynonymChanges).values(change);
}

export async function recentSynonymChanges(db: Database, limit: number): Promise<SynonymChangeRow[]> {
  return db.select().from(searchSynonymChanges).orderBy(desc(searchSynonymChanges.at), desc(searchSynonymChanges.id)).limit(limit);
}

/** Tells every instance the groups changed, when `db`'s transaction commits (decision 0109). */
export async function noticeSynonymsChanged(db: Database): Promise<void> {
  await db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, 'search-synonyms')`);
}
