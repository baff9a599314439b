import { MAX_SYNONYM_GROUPS, MAX_SYNONYM_WORDS, type SynonymChange, type SynonymGroup, type SynonymGroupPage } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { CallerContext } from '../../platform/context.ts';
import { SearchErrors } from './search.errors.ts';
import { phraseWords, synonymRewriterOf, type RewriteQuery } from './synonym-phrases.ts';
import {
  allSynonymWords,
  bumpSynonymGroup,
  countSynonymGroups,
  deleteSynonymGroup,
  groupHoldingAny,
  insertSynonymChange,
  insertSynonymGroup,
  lockSynonymGroupCount,
  noticeSynonymsChanged,
  recentSynonymChanges,
  replaceSynonymWords,
  synonymGroup,
  synonymGroupPage,
  type SynonymChangeRow,
  type SynonymGroupRow,
} from './search-synonyms.repository.ts';

/**
 * Staff's search synonyms (decision 0109): groups of words that mean the same to a shopper, kept in
 * the database and read into a map on each instance once after every change (the `search-synonyms`
 * change notice), so a search looks a term up in memory, never in the database.
 */

/** A term's words that mean the same, itself among them (just itself when it is in no group). */
export type ExpandSynonyms = (term: string) => readonly string[];

/** The lookup in use, and which reading of the groups it is (the memory engine keys its kept answers with it). */
export interface SynonymLookup {
  expand: ExpandSynonyms;
  /** The query said with a phrase of the groups swapped for another member (`synonym-phrases.ts`). */
  rewrite: RewriteQuery;
  generation: number;
}

/** A word as search can use it: letters or digits at each end, letters, digits, spaces or hyphens between. */
const WORD = /^[\p{L}\p{N}](?:[\p{L}\p{N} -]*[\p{L}\p{N}])?$/u;
const PLAIN_WORD = /^[\p{L}\p{N}]+$/u;

/** The most words a phrase may have: a longer one would leave a query few terms of its own. */
export const MAX_PHRASE_WORDS = 4;

/** The words staff typed as a group keeps them: lower-cased, trimmed, blanks dropped; refused with the module's words. */
export function synonymWordsOf(typed: readonly string[]): string[] {
  const words = typed.map((word) => word.toLowerCase().trim().replace(/\s+/g, ' ')).filter((word) => word !== '');
  if (words.length === 0) throw SearchErrors.synonymWordsMissing();
  const tooLong = words.find((word) => word.length > 40);
  if (tooLong !== undefined) throw SearchErrors.synonymWordTooLong(tooLong, 40);
  const bad = words.find((word) => word.length < 2 || !WORD.test(word));
  if (bad !== undefined) throw SearchErrors.synonymWordInvalid(bad);
  const long = words.find((word) => phraseWords(word).length > MAX_PHRASE_WORDS);
  if (long !== undefined) throw SearchErrors.synonymPhraseTooLong(long, MAX_PHRASE_WORDS);
  // Search splits "close-coupled" as it splits "close coupled": to a search they are one word, its own synonym.
  const searched = words.map((word) => phraseWords(word).join(' '));
  const repeated = searched.findIndex((key, index) => searched.indexOf(key) !== index);
  if (repeated !== -1) throw SearchErrors.synonymWordRepeated(words[repeated]!, words[searched.indexOf(searched[repeated]!)]!);
  if (words.length < 2) throw SearchErrors.synonymGroupTooSmall();
  if (words.length > MAX_SYNONYM_WORDS) throw SearchErrors.synonymGroupTooLarge(MAX_SYNONYM_WORDS);
  return words;
}

/**
 * The lookup from each word to its group's one-word members. A search's terms are single words of
 * letters and digits (`searchTerms`), so only those are looked up here; a member with a space or
 * hyphen is a phrase, matched by saying the query again (`synonymRewriterOf`).
 */
export function synonymLookupOf(groups: readonly (readonly string[])[]): ExpandSynonyms {
  const map = new Map<string, readonly string[]>();
  for (const group of groups) {
    const plain = group.filter((word) => PLAIN_WORD.test(word));
    for (const word of plain) map.set(word, plain);
  }
  return (term) => map.get(term) ?? [term];
}

/** The groups as one instance keeps them. */
export interface SynonymTable {
  /** The lookup, read from `db` first if a change was heard since the last reading (searches meanwhile wait for it, sharing one read). */
  current(db: Database): Promise<SynonymLookup>;
  /** A change notice was heard (or this instance made the change): the next search reads the groups again. */
  changed(): void;
}

export function createSynonymTable(read: (db: Database) => Promise<string[][]> = allSynonymWords): SynonymTable {
  let lookup: SynonymLookup | null = null;
  // Changes heard; the reading in use is of the groups as they were at `lookup.generation` changes.
  let heard = 0;
  let reading: Promise<void> | null = null;
  const load = (db: Database) =>
    (reading ??= (async () => {
      const at = heard;
      try {
        const groups = await read(db);
        lookup = { expand: synonymLookupOf(groups), rewrite: synonymRewriterOf(groups), generation: at };
      } finally {
        reading = null;
      }
    })());
  return {
    async current(db) {
      // A change heard while a reading was under way is read again: that reading may have missed it.
      for (;;) {
        const inUse = lookup;
        if (inUse !== null && inUse.generation === heard) return inUse;
        await load(db);
      }
    },
    changed: () => void (heard += 1),
  };
}

const RECENT_CHANGES = 20;

const groupOf = (row: SynonymGroupRow): SynonymGroup => ({ id: row.id, words: row.words, version: row.version, updatedAt: row.updatedAt.toISOString() });
const changeOf = (row: SynonymChangeRow): SynonymChange => ({
  groupId: row.groupId,
  action: row.action as SynonymChange['action'],
  words: row.words,
  by: row.actorName,
  at: row.at.toISOString(),
});

/** Staff's calls: list, create, change and delete groups, each change kept with who made it and sent to every instance. */
export function createSynonymEditor(table: SynonymTable) {
  /** Runs a change in a transaction that tells every instance as it commits; this one reads the groups again at once. */
  async function changing<T>(ctx: CallerContext, work: (db: Database) => Promise<T>): Promise<T> {
    const done = await ctx.db.transaction(async (db) => {
      const result = await work(db);
      await noticeSynonymsChanged(db);
      return result;
    });
    table.changed();
    return done;
  }
  const by = (ctx: CallerContext) => ({ actorUserId: ctx.actor?.userId ?? null, actorName: ctx.actor?.name ?? ctx.actor?.email ?? null });
  /** Refuses words another group holds, naming that group. */
  async function refuseTaken(db: Database, words: readonly string[], except: number | null): Promise<void> {
    const taken = await groupHoldingAny(db, words, except);
    if (taken) throw SearchErrors.synonymWordTaken(taken.word, taken.group.words);
  }
  /** Puts the words in the group; one another group took meanwhile is refused as if found before. */
  async function putWords(db: Database, groupId: number, words: readonly string[]): Promise<void> {
    const lost = await replaceSynonymWords(db, groupId, words);
    if (lost.length) await refuseTaken(db, lost, groupId);
  }
  return {
    async list(ctx: CallerContext, pageNumber: number, pageSize: number): Promise<SynonymGroupPage> {
      const [groups, total, changes] = await Promise.all([
        synonymGroupPage(ctx.db, (pageNumber - 1) * pageSize, pageSize),
        countSynonymGroups(ctx.db),
        recentSynonymChanges(ctx.db, RECENT_CHANGES),
      ]);
      return {
        groups: groups.map(groupOf),
        total,
        pageNumber,
        pageSize,
        maxGroups: MAX_SYNONYM_GROUPS,
        maxWords: MAX_SYNONYM_WORDS,
        recentChanges: changes.map(changeOf),
      };
    },

    async create(ctx: CallerContext, typed: readonly string[]): Promise<SynonymGroup> {
      const words = synonymWordsOf(typed);
      const at = ctx.clock.now();
      const id = await changing(ctx, async (db) => {
        await lockSynonymGroupCount(db);
        await refuseTaken(db, words, null);
        if ((await countSynonymGroups(db)) >= MAX_SYNONYM_GROUPS) throw SearchErrors.synonymGroupsFull(MAX_SYNONYM_GROUPS);
        const created = await insertSynonymGroup(db, at);
        await putWords(db, created, words);
        await insertSynonymChange(db, { groupId: created, action: 'created', words, at, ...by(ctx) });
        return created;
      });
      return groupOf((await synonymGroup(ctx.db, id))!);
    },

    async change(ctx: CallerContext, id: number, version: number, typed: readonly string[]): Promise<SynonymGroup> {
      const words = synonymWordsOf(typed);
      const at = ctx.clock.now();
      await changing(ctx, async (db) => {
        if ((await bumpSynonymGroup(db, id, version, at)) === null) throw await missingOrStale(db, id);
        await refuseTaken(db, words, id);
        await putWords(db, id, words);
        await insertSynonymChange(db, { groupId: id, action: 'changed', words, at, ...by(ctx) });
      });
      return groupOf((await synonymGroup(ctx.db, id))!);
    },

    async remove(ctx: CallerContext, id: number, version: number): Promise<{ deleted: true; id: number }> {
      const at = ctx.clock.now();
      await changing(ctx, async (db) => {
        const words = await deleteSynonymGroup(db, id, version);
        if (words === null) throw await missingOrStale(db, id);
        await insertSynonymChange(db, { groupId: id, action: 'deleted', words, at, ...by(ctx) });
      });
      return { deleted: true, id };
    },
  };
}

export type SynonymEditor = ReturnType<typeof createSynonymEditor>;

async function missingOrStale(db: Database, id: number) {
  return (await synonymGroup(db, id)) ? SearchErrors.synonymGroupChanged() : SearchErrors.synonymGroupNotFound();
}
