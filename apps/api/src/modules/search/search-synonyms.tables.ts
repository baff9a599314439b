import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A group of words that mean the same to a shopper ("toilet", "loo", "wc"): a search for any of them
 * finds the others' products too (decision 0109). `version` moves with every change, which names the
 * version it was made from and is refused when another came first.
 */
export const searchSynonymGroups = pgTable('search_synonym_groups', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A group's words, one row each: the key keeps a word in at most one group, whoever saves at the same time. */
export const searchSynonymWords = pgTable(
  'search_synonym_words',
  {
    word: text('word').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => searchSynonymGroups.id, { onDelete: 'cascade' }),
    /** Its place in the group, as staff typed them. */
    position: integer('position').notNull(),
  },
  (table) => [index('search_synonym_words_group_idx').on(table.groupId), check('search_synonym_words_word_check', sql`length(${table.word}) between 2 and 40`)],
);

/** Who created, changed or deleted a group, when, and its words after (or, deleted, before) the change. */
export const searchSynonymChanges = pgTable(
  'search_synonym_changes',
  {
    id: serial('id').primaryKey(),
    /** Not a reference: the change is kept after its group is deleted. */
    groupId: integer('group_id').notNull(),
    action: text('action').notNull(),
    words: text('words').array().notNull(),
    actorUserId: text('actor_user_id'),
    actorName: text('actor_name'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    check('search_synonym_changes_action_check', sql`${table.action} in ('created', 'changed', 'deleted')`),
    index('search_synonym_changes_at_idx').on(table.at),
  ],
);
