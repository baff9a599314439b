import {
  BLOG_PAGE_SIZE,
  BLOG_WORDS_PER_MINUTE,
  BlogPostFieldsSchema,
  type BlogPost,
  type BlogPostDocument,
  type BlogPostInput,
  type BlogPostList,
  type BlogPostSummary,
} from '@shop/contracts';
import type { StoredBlogCategory } from './blog-categories.ts';
import { ContentErrors } from './content.errors.ts';
import { checkPageDocument, checkWordsAndAddresses, refusal } from './content-rules.ts';

/**
 * The blog's rules (decision 0094): a post is a content page with a summary, author, hero image,
 * category, tags and related products, checked by the same rules as a page's blocks; its reading
 * time is counted from its words; the list is newest first, filtered by one category or tag, in pages.
 */

/** Keys whose strings are not words a reader reads: addresses, kinds, product and category codes. */
const NOT_READ = new Set(['type', 'kind', 'src', 'href', 'fact', 'categorySlug', 'categorySlugs', 'skus', 'alt']);

function* wordsOf(value: unknown, key?: string): Generator<string> {
  if (key && NOT_READ.has(key)) return;
  if (typeof value === 'string') yield* value.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  else if (Array.isArray(value)) for (const item of value) yield* wordsOf(item);
  else if (value && typeof value === 'object') for (const [name, item] of Object.entries(value)) yield* wordsOf(item, name);
}

/** Minutes to read a post's title, summary and blocks at BLOG_WORDS_PER_MINUTE, rounded up; never less than one. */
export function readingMinutes(post: Pick<BlogPostDocument, 'title' | 'summary' | 'blocks'>): number {
  let count = 0;
  for (const _ of wordsOf([post.title, post.summary, post.blocks])) count += 1;
  return Math.max(1, Math.ceil(count / BLOG_WORDS_PER_MINUTE));
}

/** A post as sent by staff, checked: its blocks and words as a page's, then its own fields, its category one of `categories` (the stored ones). */
export function checkPostDocument(input: BlogPostInput, categories: readonly Pick<StoredBlogCategory, 'slug'>[]): BlogPostDocument {
  const page = checkPageDocument(input);
  const fields = {
    summary: input.summary,
    author: input.author,
    heroImage: input.heroImage,
    category: input.category,
    tags: input.tags,
    relatedSkus: input.relatedSkus,
  };
  checkWordsAndAddresses(fields, ['body', 'post'], 'The post’s summary, author, hero image or tags');
  const category = typeof input.category === 'string' ? input.category.trim() : '';
  if (category !== '' && !categories.some((known) => known.slug === category)) {
    throw ContentErrors.blogPostCategoryUnknown(
      input.category,
      categories.map((known) => known.slug),
    );
  }
  const parsed = BlogPostFieldsSchema.safeParse(fields);
  if (!parsed.success) throw refusal(parsed.error.issues, 'body.post', () => 'The post');
  const tags = [...new Set(parsed.data.tags)];
  return { ...page, ...parsed.data, tags };
}

/** A post as the blog keeps it: published, and without its category's name, which is read from the categories when it is shown. */
export type KeptPost = Omit<BlogPost, 'categoryName'> & { publishedAt: string };
export type KeptSummary = Omit<BlogPostSummary, 'categoryName'>;

/** The name shoppers see for a category: a post keeps its category's slug, and a name changes. */
export const categoryNameOf = (categories: readonly StoredBlogCategory[], slug: string) => categories.find((category) => category.slug === slug)?.name ?? slug;

export const summaryOf = (post: KeptPost): KeptSummary => ({
  slug: post.slug,
  title: post.title,
  summary: post.summary,
  author: post.author,
  publishedAt: post.publishedAt,
  readingMinutes: post.readingMinutes,
  heroImage: { src: post.heroImage.src, alt: post.heroImage.alt },
  category: post.category,
  tags: post.tags,
});

/**
 * A page of the list: `posts` newest first, of one category or tag, each named by `categories` (the stored ones, listed with their
 * published posts); `beyond` for a page beyond the last (the first page always exists).
 */
export function listPage(
  posts: readonly KeptSummary[],
  categories: readonly StoredBlogCategory[],
  asked: { category?: string; tag?: string; page?: number; pageSize?: number },
): BlogPostList | { beyond: number } {
  const pageSize = asked.pageSize ?? BLOG_PAGE_SIZE;
  const page = asked.page ?? 1;
  const chosen = posts.filter((post) => (!asked.category || post.category === asked.category) && (!asked.tag || post.tags.includes(asked.tag)));
  const totalPages = Math.max(1, Math.ceil(chosen.length / pageSize));
  if (page > totalPages) return { beyond: totalPages };
  const tagCounts = new Map<string, number>();
  for (const post of posts) for (const tag of post.tags) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  return {
    posts: chosen.slice((page - 1) * pageSize, page * pageSize).map((post) => ({ ...post, categoryName: categoryNameOf(categories, post.category) })),
    page,
    pageSize,
    totalPosts: chosen.length,
    totalPages,
    category: asked.category ?? null,
    tag: asked.tag ?? null,
    categories: categories.map((category) => ({ ...category, postCount: posts.filter((post) => post.category === category.slug).length })),
    tags: [...tagCounts].map(([tag, postCount]) => ({ tag, postCount })).toSorted((a, b) => b.postCount - a.postCount || a.tag.localeCompare(b.tag)),
  };
}
