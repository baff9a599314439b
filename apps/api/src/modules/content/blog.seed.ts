import { DEMO_BLOG_POSTS, DEMO_PRODUCT_COUNT, generateCatalogue } from '@shop/demo/seeds';
import type { Seed } from '../../seed/seed.ts';
import type { ContentService } from './content.service.ts';

const DAY_MS = 86_400_000;
const RELATED_PER_CATEGORY = 2;

/**
 * The demo blog (`DEMO_BLOG_POSTS`): a dozen posts published over the last three months, each with
 * its generated hero and the first products of its chosen sub-categories as related products (the
 * same generated catalogue the catalogue's seed writes, so every code is one the shop sells).
 */
export function blogPostsSeed(content: ContentService, productCount = DEMO_PRODUCT_COUNT): Seed {
  return {
    name: 'content:blog-posts',
    size: DEMO_BLOG_POSTS.length,
    async run(db, progress) {
      const { products } = generateCatalogue(productCount);
      const now = new Date();
      const ctx = { db, actor: null, clock: { now: () => now } };
      for (const [index, demo] of DEMO_BLOG_POSTS.entries()) {
        const relatedSkus = demo.relatedCategories.flatMap((slug) =>
          products
            .filter((product) => product.categorySlug === slug && !product.isBundle)
            .slice(0, RELATED_PER_CATEGORY)
            .flatMap((product) => product.offerings.find((offering) => offering.isDefault)?.sku ?? []),
        );
        const post = {
          ...demo.post,
          seoTitle: demo.post.title.length <= 70 ? demo.post.title : `${demo.post.title.slice(0, 69)}…`,
          heroImage: { src: `/images/blog/${demo.slug}.svg`, alt: 'Illustration: a bathroom with a basin under a mirror, a toilet and a bath' },
          relatedSkus,
        };
        await content.createPost(ctx, demo.slug, post, { publishedAt: new Date(now.getTime() - demo.daysAgo * DAY_MS) });
        progress(index + 1, DEMO_BLOG_POSTS.length);
      }
    },
  };
}
