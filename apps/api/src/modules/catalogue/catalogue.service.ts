import type { Navigation } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import * as repository from './catalogue.repository.ts';

// The tree changes only when staff edit categories, yet every page shows it: keep it for a short
// while per database, so instances agree within NAVIGATION_TTL_MS without any shared cache.
const NAVIGATION_TTL_MS = 30_000;
const navigationCache = new WeakMap<object, { expires: number; value: Promise<Navigation> }>();

/** The department tree: top-level categories in shop order, each with its sub-categories. */
export function getNavigation(ctx: Pick<ServiceContext, 'db' | 'clock'>): Promise<Navigation> {
  const now = ctx.clock.now().getTime();
  const cached = navigationCache.get(ctx.db);
  if (cached && cached.expires > now) return cached.value;
  const value = loadNavigation(ctx.db);
  navigationCache.set(ctx.db, { expires: now + NAVIGATION_TTL_MS, value });
  value.catch(() => navigationCache.delete(ctx.db));
  return value;
}

async function loadNavigation(db: ServiceContext['db']): Promise<Navigation> {
  const rows = await repository.listCategories(db);
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
