import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { categories } from './catalogue.tables.ts';

export type CategoryRow = typeof categories.$inferSelect;

export async function listCategories(db: Database): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
}

export async function insertCategory(
  db: Database,
  values: typeof categories.$inferInsert,
): Promise<CategoryRow> {
  const [row] = await db.insert(categories).values(values).returning();
  if (!row) throw new Error(`Category ${values.slug} was not inserted`);
  return row;
}
