import type { Navigation } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import * as repository from './catalogue.repository.ts';

/** The department tree: top-level categories in shop order, each with its sub-categories. */
export async function getNavigation(ctx: Pick<ServiceContext, 'db'>): Promise<Navigation> {
  const rows = await repository.listCategories(ctx.db);
  const childrenOf = new Map<number, { slug: string; name: string }[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = childrenOf.get(row.parentId) ?? [];
    list.push({ slug: row.slug, name: row.name });
    childrenOf.set(row.parentId, list);
  }
  return {
    categories: rows
      .filter((row) => row.parentId === null)
      .map((row) => ({
        slug: row.slug,
        name: row.name,
        description: row.description,
        children: childrenOf.get(row.id) ?? [],
      })),
  };
}
