/**
 * The blog's plain values (decision 0094), for the API and the browser alike. Not in the browser's
 * index: only the blog's pages import them (`@shop/contracts/blog-values`), so the frame every page
 * loads does not carry them (docs/decisions/0054).
 */
/** The blog's categories, with the names shoppers see: a post is in one, and the blog lists by each. */
export const BLOG_CATEGORIES = {
  'bathroom-ideas': 'Bathroom ideas',
  'how-to': 'How-to guides',
  'buying-guides': 'Buying guides',
  'heating-and-plumbing': 'Heating and plumbing',
} as const;
export type BlogCategory = keyof typeof BLOG_CATEGORIES;
export const BLOG_CATEGORY_SLUGS = /* @__PURE__ */ Object.keys(BLOG_CATEGORIES) as BlogCategory[];
/** Posts on a page of the blog's list, unless asked otherwise, and the most one page may hold. */
export const BLOG_PAGE_SIZE = 9;
export const BLOG_MAX_PAGE_SIZE = 48;
export const BLOG_MAX_TAGS = 8;
export const BLOG_MAX_RELATED_PRODUCTS = 12;
/** An adult's silent reading speed of everyday prose, in words a minute: a post's reading time is its words over this, rounded up. */
export const BLOG_WORDS_PER_MINUTE = 200;

/** A post's address on the storefront. */
export const blogPostPath = (slug: string) => `/blog/${slug}`;
