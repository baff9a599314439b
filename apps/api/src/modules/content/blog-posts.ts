import type { BlogData, BlogPostDocument, BlogPostInput, BlogPostList, BlogsAnswer } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import type { ContentDeps } from './content.deps.ts';
import { ContentErrors } from './content.errors.ts';
import * as repository from './content.repository.ts';
import { createContentPages } from './content-pages.ts';
import type { BlogCategories } from './blog-categories.ts';
import { categoryNameOf, checkPostDocument, listPage, readingMinutes, summaryOf, type KeptPost, type KeptSummary } from './blog-rules.ts';

/** What an instance keeps of the blog: every published post by slug, and their summaries newest first. */
interface KeptBlog {
  posts: Map<string, KeptPost>;
  summaries: KeptSummary[];
}

/**
 * The blog (decision 0094): posts are content pages of kind `post`, so saving, publishing, restoring
 * and the versions kept are the pages' own; the published posts are kept per instance and forgotten
 * on the `content` change notice, as pages are, and the list is paged and filtered from them. A post's category is one of the
 * stored `categories`, checked as it is saved; its name is read from them as the post is shown, so a rename shows at once.
 */
export function createBlogPosts(deps: ContentDeps, categories: BlogCategories) {
  /** The stored categories, read before a post is checked (its rules are pure): each call that checks one reads them first. */
  let checkedAgainst: Awaited<ReturnType<BlogCategories['stored']>> = [];
  const posts = createContentPages<BlogPostDocument, BlogPostInput>(deps, { kind: 'post', check: (input) => checkPostDocument(input, checkedAgainst) });
  let kept: KeptBlog | null = null;
  const knowingCategories =
    <Args extends [CallerContext, ...unknown[]], Result>(call: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      checkedAgainst = await categories.stored(args[0]);
      return call(...args);
    };

  async function blog(ctx: CallerContext): Promise<KeptBlog> {
    if (kept) return kept;
    const rows = await repository.listPublishedPosts(ctx.db);
    const published = rows
      .filter((row) => row.revision !== null && row.firstPublishedAt !== null)
      .map((row) => {
        const document = row.document as BlogPostDocument;
        const post = {
          ...document,
          slug: row.slug,
          revision: row.revision!,
          publishedAt: row.firstPublishedAt!.toISOString(),
          readingMinutes: readingMinutes(document),
          preview: 'published' as const,
        };
        return post;
      })
      .toSorted((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.slug.localeCompare(b.slug));
    kept = { posts: new Map(published.map((post) => [post.slug, post])), summaries: published.map(summaryOf) };
    return kept;
  }

  /** A post published or taken off here leaves the kept blog at once; the other instances forget on the change notice. */
  const forgettingBlog =
    <Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      const result = await call(...args);
      kept = null;
      return result;
    };

  return {
    /** `POST /Blogs`: one post by slug (or its draft or an earlier version, for content editors), or a page of the list. */
    async blogs(ctx: CallerContext, asked: BlogData): Promise<BlogsAnswer> {
      if (asked.preview && !asked.slug) throw ContentErrors.blogPreviewNeedsSlug();
      if (asked.slug) {
        const slug = asked.slug.toLowerCase();
        if (asked.preview) {
          const shown = await posts.pageData(ctx, slug, String(asked.preview));
          const live = (await blog(ctx)).posts.get(slug);
          const categoryName = categoryNameOf(await categories.stored(ctx), shown.category);
          return { post: { ...shown, publishedAt: live?.publishedAt ?? null, readingMinutes: readingMinutes(shown), categoryName }, list: null };
        }
        const post = (await blog(ctx)).posts.get(slug);
        if (!post) throw ContentErrors.pageNotFound(asked.slug, 'post');
        return { post: { ...post, categoryName: categoryNameOf(await categories.stored(ctx), post.category) }, list: null };
      }
      const stored = await categories.stored(ctx);
      const category = asked.category?.toLowerCase();
      if (category !== undefined && !stored.some((known) => known.slug === category)) {
        throw ContentErrors.blogCategoryUnknown(
          asked.category!,
          stored.map((known) => known.slug),
        );
      }
      const tag = asked.tag?.toLowerCase();
      const { summaries } = await blog(ctx);
      if (tag !== undefined && !summaries.some((post) => post.tags.includes(tag))) throw ContentErrors.blogTagNotFound(asked.tag!);
      const list = listPage(summaries, stored, { category, tag, page: asked.page, pageSize: asked.pageSize });
      if ('beyond' in list) throw ContentErrors.blogPageNotFound(asked.page ?? 1, list.beyond);
      return { post: null, list: list satisfies BlogPostList };
    },
    listPosts: async (ctx: CallerContext) => ({ posts: await posts.listPages(ctx) }),
    createPost: knowingCategories(posts.createPage),
    postForEditing: posts.pageForEditing,
    savePostDraft: knowingCategories(posts.savePageDraft),
    publishPost: forgettingBlog(
      knowingCategories(async (ctx: CallerContext, slug: string, input: { version: number; post?: BlogPostInput }) => {
        const known = checkedAgainst;
        // The draft as it stands (an earlier version restored, say) was checked when saved: its category may have gone since.
        if (!input.post) {
          const { category } = (await posts.pageForEditing(ctx, slug)).draft;
          if (!known.some((stored) => stored.slug === category)) {
            throw ContentErrors.blogDraftCategoryRemoved(
              category,
              known.map((stored) => stored.slug),
            );
          }
        }
        return posts.publishPage(ctx, slug, { version: input.version, page: input.post });
      }),
    ),
    restorePostRevision: posts.restorePageRevision,
    unpublishPost: forgettingBlog(posts.unpublishPage),
    forget(): void {
      posts.forget();
      kept = null;
    },
  };
}
