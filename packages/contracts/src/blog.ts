import { z } from 'zod';
import { link, words } from './content-fields.ts';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';
import { ContentImageSchema, ContentPageDocumentSchema, ContentPageEditingSchema, ContentPageInputSchema, ContentPageSummarySchema } from './site-content.ts';
import { BLOG_MAX_PAGE_SIZE, BLOG_MAX_RELATED_PRODUCTS, BLOG_MAX_TAGS } from './blog-values.ts';
import { CONTENT_SLUG_PATTERN } from './site-content-values.ts';

/**
 * The blog (the spec's content client, `POST /Blogs` with `blogData`): bathroom ideas and how-to
 * posts made of the same typed blocks as content pages, with an author, a hero image, a summary, a
 * category, tags and related products, each version kept like a page's (decision 0094). Staff edit
 * posts through calls of our own under the site service's `/content/posts`, for `content-editor`.
 */

const tag = z
  .string({ error: 'Enter each tag' })
  .trim()
  .max(40, 'Each tag must be 40 characters or fewer')
  .regex(CONTENT_SLUG_PATTERN, 'Write each tag in lower-case words joined by hyphens, like "small-bathrooms"');

/** What a post has beyond a page's title, SEO words and blocks. */
export const BlogPostFieldsSchema = z.object({
  summary: words('the summary', 300),
  author: words('the author’s name', 80),
  heroImage: z.object({ src: link('the hero image’s address'), alt: words('the hero image’s alt text', 300) }),
  /** A category's slug: one of the stored categories, checked by the service (`blog_categories`). */
  category: z.string({ error: 'Choose one of the blog’s categories' }).trim().min(1, 'Choose one of the blog’s categories'),
  tags: z.array(tag).max(BLOG_MAX_TAGS, `Give a post at most ${BLOG_MAX_TAGS} tags`).default([]),
  relatedSkus: z
    .array(words('a product code', 40))
    .max(BLOG_MAX_RELATED_PRODUCTS, `A post may have at most ${BLOG_MAX_RELATED_PRODUCTS} related products`)
    .default([]),
});

export const BlogPostDocumentSchema = ContentPageDocumentSchema.extend(BlogPostFieldsSchema.shape).meta({ id: 'BlogPostDocument' });
export type BlogPostDocument = z.infer<typeof BlogPostDocumentSchema>;

/** A post as sent by staff: a page as sent, and the post's own fields, each checked by the service in its own words. */
const BlogPostInputSchema = ContentPageInputSchema.extend({
  summary: z.string().max(2000),
  author: z.string().max(1000),
  heroImage: z.object({ src: z.string().max(2000), alt: z.string().max(2000) }),
  category: z.string().max(100),
  tags: z.array(z.string().max(200)).max(100).optional(),
  relatedSkus: z.array(z.string().max(200)).max(100).optional(),
});
export type BlogPostInput = z.input<typeof BlogPostInputSchema>;

const at = z.iso.datetime({ offset: true });

/** A published post (or for staff a preview of its draft) as the storefront draws it. */
export const BlogPostSchema = BlogPostDocumentSchema.extend({
  slug: z.string(),
  revision: z.number().int(),
  /** When the post was first published: its date. */
  publishedAt: at.nullable(),
  /** Minutes to read its words, computed from the body. */
  readingMinutes: z.number().int().min(1),
  preview: z.enum(['published', 'draft', 'revision']),
  /** The name of its category as shoppers see it now. */
  categoryName: z.string(),
}).meta({ id: 'BlogPost' });
export type BlogPost = z.infer<typeof BlogPostSchema>;

/** A post in the blog's list: no body. */
export const BlogPostSummarySchema = z
  .object({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    author: z.string(),
    publishedAt: at,
    readingMinutes: z.number().int().min(1),
    heroImage: ContentImageSchema.pick({ src: true, alt: true }),
    category: z.string(),
    categoryName: z.string(),
    tags: z.array(z.string()),
  })
  .meta({ id: 'BlogPostSummary' });
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;

/** A page of the blog's list, newest first, with the categories and tags it can be filtered by (each with how many posts it holds). */
export const BlogPostListSchema = z.object({
  posts: z.array(BlogPostSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPosts: z.number().int(),
  totalPages: z.number().int(),
  category: z.string().nullable(),
  tag: z.string().nullable(),
  /** Every category staff keep, in the order they were added, with its published posts. */
  categories: z.array(z.object({ slug: z.string(), name: z.string(), description: z.string(), postCount: z.number().int() })),
  tags: z.array(z.object({ tag: z.string(), postCount: z.number().int() })),
});
export type BlogPostList = z.infer<typeof BlogPostListSchema>;

const pageNumber = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be 1 or more`)
    .max(max, `${label} must be ${max} or fewer`);

const PREVIEW_WHAT = 'Preview a post’s draft, or one of its versions by its number';

/** `blogData`: one post by `slug`, or a page of the list, optionally of one category or tag. */
export const BlogDataSchema = z.object({
  slug: z.string().trim().min(1, 'Enter the post’s address').max(200, 'The post’s address must be 200 characters or fewer').optional(),
  category: z.string().trim().max(100, 'The category must be 100 characters or fewer').optional(),
  tag: z.string().trim().max(100, 'The tag must be 100 characters or fewer').optional(),
  page: pageNumber('The page number', 10_000).optional(),
  pageSize: pageNumber('The number of posts a page', BLOG_MAX_PAGE_SIZE).optional(),
  /** Content editors only, with `slug`: the post's draft, or one of its versions by number (decision 0094). */
  preview: z
    .union([z.literal('draft'), z.number().int(PREVIEW_WHAT).min(1, PREVIEW_WHAT).max(1_000_000_000, PREVIEW_WHAT)], { error: PREVIEW_WHAT })
    .optional(),
});
export type BlogData = z.input<typeof BlogDataSchema>;

export const BlogsAnswerSchema = z
  .object({
    /** With `slug`: the post. */
    post: BlogPostSchema.nullable(),
    /** Without `slug`: a page of the list. */
    list: BlogPostListSchema.nullable(),
  })
  .meta({ id: 'BlogsAnswer' });
export type BlogsAnswer = z.infer<typeof BlogsAnswerSchema>;

export const blogEndpoints = {
  getBlogs: defineEndpoint({
    service: 'content',
    method: 'POST',
    path: '/Blogs',
    summary: 'The blog: one post by slug, or a page of posts (newest first), optionally of one category or tag',
    access: publicAccess,
    body: z.object({ blogData: BlogDataSchema.default({}) }),
    // Asked again every time, answered 304 when unchanged (a preview is sent `private, no-store` instead).
    cacheSeconds: 0,
    responses: { 200: BlogsAnswerSchema },
  }),
} as const;

/** A post as staff edit it: a page's editing view with the post's draft. */
export const BlogPostEditingSchema = ContentPageEditingSchema.extend({ draft: BlogPostDocumentSchema });
export type BlogPostEditing = z.infer<typeof BlogPostEditingSchema>;

const editors = requireRole('content-editor', 'admin');
const slugParam = z.object({ slug: z.string().min(1).max(200) });

/** A blog category as staff manage it: its posts are those whose draft, published or scheduled version is in it. */
export const BlogCategorySchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    /** Counts its changes: a change sends the version it was made from. */
    version: z.number().int(),
    postCount: z.number().int(),
  })
  .meta({ id: 'BlogCategory' });
export type BlogCategory = z.infer<typeof BlogCategorySchema>;
/** A category's words as sent: the service checks each in its own words. */
const categoryWords = { name: z.string().max(1000), description: z.string().max(2000) };
const CATEGORIES_NOTICE = 'The blog shows the change within a few seconds, on every instance.';
const version = z.number({ error: 'Give the version of the post you opened' }).int().min(1);

export const blogEditorEndpoints = {
  listPosts: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/content/posts',
    summary: 'Every blog post, for the staff editor',
    access: editors,
    responses: { 200: z.object({ posts: z.array(ContentPageSummarySchema) }) },
  }),
  createPost: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/posts',
    summary: 'A new blog post, as a draft',
    access: editors,
    body: z.object({ slug: z.string().max(200), post: BlogPostInputSchema }),
    responses: { 201: BlogPostEditingSchema },
  }),
  getPostForEditing: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/content/posts/{slug}',
    summary: 'A blog post as staff edit it, with its versions',
    access: editors,
    params: slugParam,
    responses: { 200: BlogPostEditingSchema },
  }),
  savePostDraft: defineEndpoint({
    service: 'site',
    method: 'PUT',
    path: '/content/posts/{slug}',
    summary: 'Saves a post’s draft as a new version; the blog goes on showing what is published',
    access: editors,
    params: slugParam,
    body: z.object({ version, post: BlogPostInputSchema }),
    responses: { 200: BlogPostEditingSchema },
  }),
  publishPost: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/posts/{slug}/publish',
    summary: 'Publishes the post (its draft, or the post sent)',
    access: editors,
    params: slugParam,
    body: z.object({ version, post: BlogPostInputSchema.optional() }),
    responses: { 200: BlogPostEditingSchema },
  }),
  unpublishPost: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/posts/{slug}/unpublish',
    summary: 'Takes the post off the blog (its list, feed and sitemap leave it out, its address shows the 404 page); the draft is kept to publish again',
    access: editors,
    params: slugParam,
    body: z.object({ version }),
    responses: { 200: BlogPostEditingSchema },
  }),
  restorePostRevision: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/posts/{slug}/restore',
    summary: 'Makes an earlier version of a post the draft again (publish it to show it)',
    access: editors,
    params: slugParam,
    body: z.object({ version, revision: z.number().int().min(1) }),
    responses: { 200: BlogPostEditingSchema },
  }),
  listBlogCategories: defineEndpoint({
    service: 'site',
    method: 'GET',
    path: '/content/blog-categories',
    summary: 'The blog’s categories in the order they were added, each with how many posts are in it',
    access: editors,
    responses: { 200: z.object({ categories: z.array(BlogCategorySchema) }) },
  }),
  createBlogCategory: defineEndpoint({
    service: 'site',
    method: 'POST',
    path: '/content/blog-categories',
    summary: 'Adds a blog category: its address (lower-case letters, numbers and single hyphens, unique), name and short description',
    description: CATEGORIES_NOTICE,
    access: editors,
    body: z.object({ slug: z.string().max(200), ...categoryWords }),
    responses: { 201: BlogCategorySchema },
  }),
  changeBlogCategory: defineEndpoint({
    service: 'site',
    method: 'PUT',
    path: '/content/blog-categories/{slug}',
    summary: 'Renames a blog category or changes its description (its address stays), from the version opened',
    description: `${CATEGORIES_NOTICE} A change made meanwhile by someone else is not overwritten: 409 CONTENT_CHANGED says what the category is now.`,
    access: editors,
    params: slugParam,
    body: z.object({ version: z.number({ error: 'Give the version of the category you opened' }).int().min(1), ...categoryWords }),
    responses: { 200: BlogCategorySchema },
  }),
  removeBlogCategory: defineEndpoint({
    service: 'site',
    method: 'DELETE',
    path: '/content/blog-categories/{slug}',
    summary: 'Removes a blog category no post is in (a post’s draft, published or scheduled version); one in use is a 409',
    description: CATEGORIES_NOTICE,
    access: editors,
    params: slugParam,
    bodyType: 'none',
    responses: { 200: z.object({ removed: z.literal(true), slug: z.string() }).meta({ id: 'BlogCategoryRemoved' }) },
  }),
} as const;
