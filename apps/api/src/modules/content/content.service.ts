import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import type { ContentDeps } from './content.deps.ts';
import { createBlogCategories } from './blog-categories.ts';
import { createBlogPosts } from './blog-posts.ts';
import { checkPageDocument } from './content-rules.ts';
import { createContentPages } from './content-pages.ts';
import { createGlobalItems } from './global-items.ts';
import { openContentImage, uploadContentImage } from './content-images.ts';
import { cleanUpContentImages, contentImageCleanup, contentImageCleanupJob } from './content-image-cleanup.ts';
import type { FormFile } from '../files/index.ts';

/**
 * Content pages, global items (decision 0085) and the blog's posts (decision 0094) and categories: the storefront reads what is published, kept per
 * instance and forgotten on every instance when staff publish (`heardOfChange`, the `content` change
 * notice); content editors save drafts, publish now or at a time, and restore earlier versions, each
 * change a version kept with who made it and when, refused with 409 when made from an old version.
 */
export function createContentService(deps: ContentDeps) {
  const pages = createContentPages(deps, { kind: 'page', check: checkPageDocument });
  const items = createGlobalItems(deps);
  const categories = createBlogCategories();
  const posts = createBlogPosts(deps, categories);
  return {
    pageData: pages.pageData,
    pageForEditing: pages.pageForEditing,
    createPage: pages.createPage,
    savePageDraft: pages.savePageDraft,
    publishPage: pages.publishPage,
    restorePageRevision: pages.restorePageRevision,
    unpublishPage: pages.unpublishPage,
    publishedPages: async (ctx: CallerContext) => ({ slugs: await pages.publishedSlugs(ctx) }),
    globalItem: items.globalItem,
    globalItemForEditing: items.globalItemForEditing,
    saveGlobalItem: items.saveGlobalItem,
    blogs: posts.blogs,
    listPosts: posts.listPosts,
    createPost: posts.createPost,
    postForEditing: posts.postForEditing,
    savePostDraft: posts.savePostDraft,
    publishPost: posts.publishPost,
    restorePostRevision: posts.restorePostRevision,
    unpublishPost: posts.unpublishPost,
    listBlogCategories: categories.listBlogCategories,
    createBlogCategory: categories.createBlogCategory,
    changeBlogCategory: categories.changeBlogCategory,
    removeBlogCategory: categories.removeBlogCategory,
    /** A picture for pages, kept by files: its address, for a block's picture. */
    uploadContentImage: (ctx: CallerContext, uploads: readonly FormFile[]) => uploadContentImage(deps, ctx, uploads),
    /** A picture uploaded for pages, for anyone. */
    openContentImage: (ctx: CallerContext, imageId: string) => openContentImage(deps, ctx, imageId),
    /** How many uploaded pictures no kept version uses, the space they take, and the latest clean-up. */
    contentImageCleanup: (ctx: CallerContext) => contentImageCleanup(ctx),
    /** Removes the pictures no kept version uses that are past their week, now, recorded with who asked. */
    cleanUpContentImages: (ctx: ServiceContext) => cleanUpContentImages(deps, ctx),
    /** The daily clean-up of unused pictures, for the job runner. */
    imageCleanupJob: () => contentImageCleanupJob(deps),
    /** Every page and global item, for the staff editor's list. */
    async listContent(ctx: CallerContext) {
      const [pageList, globalItems] = await Promise.all([pages.listPages(ctx), items.listGlobalItems(ctx)]);
      return { pages: pageList, globalItems };
    },
    /** A `content` change notice, from this instance or another: what is kept is read again. */
    heardOfChange(): void {
      pages.forget();
      items.forget();
      posts.forget();
      categories.forget();
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
