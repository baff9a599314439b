import { type AnyPgColumn, integer, pgTable, serial, text, index } from 'drizzle-orm/pg-core';

/** The category tree: top-level departments and their sub-categories. */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('categories_parent_position_idx').on(table.parentId, table.position)],
);
