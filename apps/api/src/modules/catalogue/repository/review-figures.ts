import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../../platform/context.ts';
import { brands, categories, offerings, products } from '../catalogue.tables.ts';
import type { ReviewedProduct, ReviewFigures } from '../review-figures.ts';

/** The SQL of what reviews ask of and tell the catalogue (the types are in review-figures.ts). */

/** A product by slug or by any of its skus; null when there is none. */
export async function findReviewedProduct(ctx: Pick<ServiceContext, 'db'>, by: { slug: string } | { sku: string }): Promise<ReviewedProduct | null> {
  const where = 'slug' in by ? eq(products.slug, by.slug) : eq(offerings.sku, by.sku);
  const [row] = await ctx.db
    .select({ id: products.id, slug: products.slug, name: products.name, sku: offerings.sku })
    .from(products)
    .innerJoin(offerings, eq(offerings.productId, products.id))
    .where(where)
    .orderBy(offerings.sku)
    .limit(1);
  return row ?? null;
}

/** The ids of products of a brand and/or a category (or its sub-categories), by their slugs or names. */
export async function findProductIdsBy(ctx: Pick<ServiceContext, 'db'>, by: { brand?: string; category?: string }): Promise<number[]> {
  const conditions: SQL[] = [];
  if (by.brand !== undefined) {
    const ids = ctx.db.select({ id: brands.id }).from(brands).where(eq(brands.name, by.brand));
    conditions.push(inArray(products.brandId, ids));
  }
  if (by.category !== undefined) {
    const [category] = await ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, by.category));
    if (!category) return [];
    const children = ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.parentId, category.id));
    const all = [category.id, ...(await children).map((row) => row.id)];
    conditions.push(inArray(products.categoryId, all));
  }
  const rows = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(...conditions));
  return rows.map((row) => row.id);
}

/**
 * Sets what cards and product pages show of a product's reviews, in the caller's transaction. The
 * products trigger moves the catalogue's change counter on, so listing snapshots reload with it.
 */
export async function setReviewFigures(ctx: Pick<ServiceContext, 'db'>, productId: number, figures: ReviewFigures): Promise<void> {
  await ctx.db
    .update(products)
    .set({
      ratingTenths: figures.ratingTenths,
      reviewsCount: figures.reviewsCount,
      ...(figures.questionsCount === undefined ? {} : { questionsCount: figures.questionsCount }),
    })
    .where(eq(products.id, productId));
}

/** Sets a product's count of published questions (issue 21), in the caller's transaction; the listing snapshots reload with it. */
export async function setQuestionsCount(ctx: Pick<ServiceContext, 'db'>, productId: number, questionsCount: number): Promise<void> {
  await ctx.db.update(products).set({ questionsCount }).where(eq(products.id, productId));
}

/** Every product's id, first sku, name and family (what it is: "close-coupled-toilets"), for the demo reviews. */
export async function listReviewableProducts(ctx: Pick<ServiceContext, 'db'>): Promise<{ id: number; sku: string; name: string; family: string }[]> {
  const rows = await ctx.db
    .select({ id: products.id, sku: sql<string>`min(${offerings.sku})`, name: products.name, family: products.family })
    .from(products)
    .innerJoin(offerings, eq(offerings.productId, products.id))
    .groupBy(products.id)
    .orderBy(products.id);
  return rows;
}

/** `setReviewFigures` for many products in one statement (the demo seed). */
export async function setReviewFiguresOf(ctx: Pick<ServiceContext, 'db'>, figures: ReadonlyMap<number, Required<ReviewFigures>>): Promise<void> {
  const entries = [...figures];
  for (let start = 0; start < entries.length; start += 2000) {
    const values = sql.join(
      entries.slice(start, start + 2000).map(([id, f]) => sql`(${id}::int, ${f.ratingTenths}::int, ${f.reviewsCount}::int, ${f.questionsCount}::int)`),
      sql`, `,
    );
    await ctx.db.execute(sql`
      update products set rating_tenths = v.rating_tenths, reviews_count = v.reviews_count, questions_count = v.questions_count
      from (values ${values}) as v(id, rating_tenths, reviews_count, questions_count) where products.id = v.id`);
  }
}
