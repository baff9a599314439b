import type { FastifyInstance } from 'fastify';
import { blogEditorEndpoints as posts, blogEndpoints as blog, siteContentEndpoints as calls } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { FilesService } from '../files/index.ts';
import { ContentErrors } from './content.errors.ts';
import type { ContentService } from './content.service.ts';

/** A page's picture, in an `image` field: one at a time. */
const IMAGE_FORM = { files: { image: 1 }, notAForm: ContentErrors.imageFormRefused, tooManyFiles: ContentErrors.oneImage, path: () => 'body.image' };
/** A page's picture never changes under its id: a day in any cache. */
const IMAGE_CACHE = 'public, max-age=86400, immutable';

/** The site service's content calls (the spec's four and the staff editor's own, under `/api/site`) and the blog (`/api/content/Blogs`). */
export async function registerContentRoutes(app: FastifyInstance, service: ContentService, files: FilesService): Promise<void> {
  bindEndpoint(app, calls.getPageData, ({ ctx, params, query, reply }) => {
    // A preview is one content editor's: no shared cache may keep it. The published page is the same for everyone.
    if (query.preview !== undefined) reply.header('cache-control', 'private, no-store');
    return service.pageData(ctx, params.slug, query.preview);
  });
  bindEndpoint(app, calls.getPage, ({ ctx, params }) => service.pageData(ctx, params.slug));
  bindEndpoint(app, calls.getGlobalItem, ({ ctx, params }) => service.globalItem(ctx, params.id));
  bindEndpoint(app, calls.saveGlobalItem, ({ ctx, body }) => service.saveGlobalItem(ctx, body));
  bindEndpoint(app, calls.listContent, ({ ctx }) => service.listContent(ctx));
  bindEndpoint(app, calls.createPage, ({ ctx, body }) => service.createPage(ctx, body.slug, body.page));
  bindEndpoint(app, calls.getPageForEditing, ({ ctx, params }) => service.pageForEditing(ctx, params.slug));
  bindEndpoint(app, calls.savePageDraft, ({ ctx, params, body }) => service.savePageDraft(ctx, params.slug, body.version, body.page));
  bindEndpoint(app, calls.publishPage, ({ ctx, params, body }) => service.publishPage(ctx, params.slug, body));
  bindEndpoint(app, calls.restorePageRevision, ({ ctx, params, body }) => service.restorePageRevision(ctx, params.slug, body.version, body.revision));
  bindEndpoint(app, calls.unpublishPage, ({ ctx, params, body }) => service.unpublishPage(ctx, params.slug, body.version));
  bindEndpoint(app, calls.getPublishedPages, ({ ctx }) => service.publishedPages(ctx));
  bindEndpoint(app, calls.getGlobalItemForEditing, ({ ctx, params }) => service.globalItemForEditing(ctx, params.id));
  bindEndpoint(app, blog.getBlogs, ({ ctx, body, reply }) => {
    // A post's preview is one content editor's, as a page's is.
    if (body.blogData.preview !== undefined) reply.header('cache-control', 'private, no-store');
    return service.blogs(ctx, body.blogData);
  });
  bindEndpoint(app, posts.listPosts, ({ ctx }) => service.listPosts(ctx));
  bindEndpoint(app, posts.createPost, ({ ctx, body }) => service.createPost(ctx, body.slug, body.post));
  bindEndpoint(app, posts.getPostForEditing, ({ ctx, params }) => service.postForEditing(ctx, params.slug));
  bindEndpoint(app, posts.savePostDraft, ({ ctx, params, body }) => service.savePostDraft(ctx, params.slug, body.version, body.post));
  bindEndpoint(app, posts.publishPost, ({ ctx, params, body }) => service.publishPost(ctx, params.slug, body));
  bindEndpoint(app, posts.unpublishPost, ({ ctx, params, body }) => service.unpublishPost(ctx, params.slug, body.version));
  bindEndpoint(app, posts.listBlogCategories, ({ ctx }) => service.listBlogCategories(ctx));
  bindEndpoint(app, posts.createBlogCategory, ({ ctx, body }) => service.createBlogCategory(ctx, body));
  bindEndpoint(app, posts.changeBlogCategory, ({ ctx, params, body }) => service.changeBlogCategory(ctx, params.slug, body));
  bindEndpoint(app, posts.removeBlogCategory, ({ ctx, params }) => service.removeBlogCategory(ctx, params.slug));
  bindEndpoint(app, posts.restorePostRevision, ({ ctx, params, body }) => service.restorePostRevision(ctx, params.slug, body.version, body.revision));
  bindEndpoint(app, calls.getContentImageCleanup, ({ ctx }) => service.contentImageCleanup(ctx));
  bindEndpoint(app, calls.cleanUpContentImages, ({ ctx }) => service.cleanUpContentImages(ctx));
  bindEndpoint(app, calls.getContentImage, async ({ ctx, params, reply }) => {
    const file = await service.openContentImage(ctx, params.imageId);
    // Shown in pages, or opened on its own in a tab: inline, never a download.
    return reply.headers({ ...file.headers, 'content-disposition': 'inline', 'cache-control': IMAGE_CACHE }).send(file.body) as never;
  });
  // The picture is read in a scope of its own that accepts multipart bodies, as its bytes arrive.
  await app.register(async (scope) => {
    await files.acceptUploads(scope);
    bindEndpoint(scope, calls.uploadContentImage, async ({ ctx, request }) =>
      service.uploadContentImage(ctx, (await files.readUploadForm(request, IMAGE_FORM)).files),
    );
  });
}
