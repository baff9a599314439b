import { ApiError } from '@shop/api-client';
import type { BlogData, BlogPost, BlogPostList } from '@shop/contracts';
import { data } from 'react-router';
import { blogClient } from '../api.server.ts';
import { drawBlocks } from '../content/content-page.server.ts';
import type { DrawnPost } from './drawn-post.ts';

/** What the blog's list asks for, read from `/blog`'s query: anything that is not a whole page number is the shop's 404 page. */
export function blogQuery(url: URL): BlogData {
  const asked: BlogData = {};
  const category = url.searchParams.get('category');
  const tag = url.searchParams.get('tag');
  const page = url.searchParams.get('page');
  if (category) asked.category = category;
  if (tag) asked.tag = tag;
  if (page !== null) {
    if (!/^[1-9][0-9]{0,3}$/.test(page)) throw data(null, { status: 404 });
    asked.page = Number(page);
  }
  return asked;
}

const notFoundOn404 = (error: unknown): never => {
  if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
  throw error;
};

/** A page of the blog's list; an unknown category or tag, or a page past the last, is the shop's 404 page. */
export async function loadBlogList(request: Request, asked: BlogData): Promise<BlogPostList> {
  const { list } = await blogClient(request)
    .getBlogs({ body: { blogData: asked } })
    .catch(notFoundOn404);
  if (!list) throw data(null, { status: 404 });
  return list;
}

/** A post by slug (or, with staff's token, its draft); null when there is none, so the page can say so helpfully. */
export async function loadBlogPost(
  request: Request,
  requestContext: object,
  slug: string,
  preview?: { accessToken: string; version: 'draft' | number },
): Promise<DrawnPost | null> {
  let post: BlogPost | null;
  try {
    ({ post } = await blogClient(request, preview?.accessToken).getBlogs({ body: { blogData: { slug, ...(preview ? { preview: preview.version } : {}) } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  if (!post) return null;
  const relatedBlock = post.relatedSkus.length
    ? ({ type: 'productCarousel', heading: 'Products in this post', source: { kind: 'skus', skus: post.relatedSkus } } as const)
    : null;
  const [blocks, related] = await Promise.all([
    drawBlocks(request, requestContext, post.blocks),
    relatedBlock ? drawBlocks(request, requestContext, [relatedBlock]) : [],
  ]);
  return { ...post, blocks, related: related[0] ?? null };
}
