/**
 * What the shop's demo seeds write (`*.seed.ts` in apps/api, run only when DEMO_DATA asks, decision
 * 0046): the generated catalogue with its price histories and pictures, the department tree, the
 * review photos and the seeded random numbers they all draw from. The boundary check lets only seeds
 * and tests import this.
 */
export { CATEGORY_TREE, type CategorySeed } from './catalogue/category-tree.ts';
export {
  DEMO_PRODUCT_COUNT,
  generateCatalogue,
  type GeneratedCatalogue,
  type GeneratedOffering,
  type GeneratedProduct,
} from './catalogue/catalogue-generator.ts';
export { productGallery } from './catalogue/gallery.ts';
export { demoPriceHistory, type DemoPriceStep } from './catalogue/price-history.ts';
export { BRANDS, DEPARTMENTS } from './catalogue/product-templates.ts';
export { createRandom } from './random.ts';
export { REVIEW_PHOTOS_DIR } from './review-photos/index.ts';
export { DEMO_BLOG_POSTS, type DemoBlogPost } from './blog/posts.ts';
