import { CONTENT_SLUG_PATTERN } from './site-content-values.ts';

/**
 * The blog's plain values (decision 0094), for the API and the browser alike. Not in the browser's
 * index: only the blog's pages import them (`@shop/contracts/blog-values`), so the frame every page
 * loads does not carry them (docs/decisions/0054).
 */
/**
 * A blog category's address (`/blog?category=…`): lower-case letters, numbers and single hyphens.
 * The categories themselves are rows staff manage (`blog_categories`, migration 0085), not constants.
 */
export const BLOG_CATEGORY_SLUG_PATTERN = CONTENT_SLUG_PATTERN;
export const BLOG_CATEGORY_SLUG_MAX_LENGTH = 60;
export const BLOG_CATEGORY_NAME_MAX_LENGTH = 60;
export const BLOG_CATEGORY_DESCRIPTION_MAX_LENGTH = 200;
/** Posts on a page of the blog's list, unless asked otherwise, and the most one page may hold. */
export const BLOG_PAGE_SIZE = 9;
export const BLOG_MAX_PAGE_SIZE = 48;
export const BLOG_MAX_TAGS = 8;
export const BLOG_MAX_RELATED_PRODUCTS = 12;
/** An adult's silent reading speed of everyday prose, in words a minute: a post's reading time is its words over this, rounded up. */
export const BLOG_WORDS_PER_MINUTE = 200;

/** A post's address on the storefront. */
export const blogPostPath = (slug: string) => `/blog/${slug}`;
