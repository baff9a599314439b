import type { BlogCategory } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import type { Transaction } from '../../db/client.ts';
import { ContentErrors } from './content.errors.ts';
import * as repository from './content.repository.ts';
import { checkBlogCategoryWords, checkNewBlogCategory, type BlogCategoryWords } from './blog-category-rules.ts';

/** A category as the blog shows it: its address, name and short description. */
export type StoredBlogCategory = Omit<BlogCategory, 'postCount' | 'version'>;

/**
 * The blog's categories, which content editors add, rename and remove (a category no post is in). The
 * list is kept per instance, read again here at once after a change and on every other instance on the
 * `content` change notice, which also makes each instance forget the blog pages it keeps for guests (decision 0139).
 */
export function createBlogCategories() {
  let kept: StoredBlogCategory[] | null = null;

  /** A change in one transaction that tells every instance when it commits; a refusal thrown inside it changes and tells nothing. */
  async function changing<T>(ctx: CallerContext, work: (db: Transaction) => Promise<T>): Promise<T> {
    const result = await ctx.db.transaction(async (db) => {
      const done = await work(db);
      await repository.noticeContentChanged(db);
      return done;
    });
    kept = null;
    return result;
  }

  return {
    /** The categories in the order they were added, as the blog, its filter and the post editor's choice read them. */
    async stored(ctx: Pick<CallerContext, 'db'>): Promise<StoredBlogCategory[]> {
      kept ??= await repository.listBlogCategories(ctx.db);
      return kept;
    },
    /** Every category with how many posts are in it, for staff. */
    listBlogCategories: async (ctx: CallerContext) => ({ categories: await repository.listBlogCategoriesInUse(ctx.db) }),
    async createBlogCategory(ctx: CallerContext, input: { slug: string } & BlogCategoryWords): Promise<BlogCategory> {
      const category = checkNewBlogCategory(input);
      const now = ctx.clock.now();
      return changing(ctx, async (db) => {
        const row = await repository.insertBlogCategory(db, { ...category, addedAt: now, updatedAt: now });
        if (!row) throw ContentErrors.blogCategorySlugTaken(category.slug);
        return { slug: row.slug, name: row.name, description: row.description, version: row.version, postCount: 0 };
      });
    },
    /**
     * A new name or description from the `version` the editor opened; the address stays, as posts name their category by it. A change
     * made meanwhile is not overwritten: the second of two editors is refused (409) with what the category is now.
     */
    async changeBlogCategory(ctx: CallerContext, slug: string, input: BlogCategoryWords & { version: number }): Promise<BlogCategory> {
      const words = checkBlogCategoryWords(input);
      return changing(ctx, async (db) => {
        // The second of two updates waits for the first's row and re-reads it (PostgreSQL), so finds it moved on.
        const updated = await repository.updateBlogCategory(db, slug.toLowerCase(), input.version, { ...words, updatedAt: ctx.clock.now() });
        const category = await repository.findBlogCategory(db, slug.toLowerCase());
        if (!category) throw ContentErrors.blogCategoryMissing(slug);
        if (!updated) throw ContentErrors.blogCategoryChanged(category);
        return category;
      });
    },
    /** Removes a category no post is in; its row is held while the posts are counted, so it is not renamed meanwhile. */
    async removeBlogCategory(ctx: CallerContext, slug: string) {
      return changing(ctx, async (db) => {
        const category = await repository.findBlogCategory(db, slug.toLowerCase(), true);
        if (!category) throw ContentErrors.blogCategoryMissing(slug);
        if (category.postCount > 0) throw ContentErrors.blogCategoryInUse(category.name, category.postCount);
        await repository.deleteBlogCategory(db, category.slug);
        return { removed: true as const, slug: category.slug };
      });
    },
    forget(): void {
      kept = null;
    },
  };
}

export type BlogCategories = ReturnType<typeof createBlogCategories>;
