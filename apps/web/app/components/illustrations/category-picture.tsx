/** Where a category's drawing is served as an image (routes/category-illustration.ts). */
export const categoryPictureUrl = (slug: string): string => `/images/categories/${slug}.svg`;

/**
 * A category's drawing as an image rather than inline SVG: the page's scripts carry none of the
 * drawings (docs/decisions/0054), the browser caches each one, and the fixed width and height
 * keep its box while it loads. Decorative: the text beside it names the category.
 */
export function CategoryPicture({ slug, className, lazy = false }: { slug: string; className?: string; lazy?: boolean }) {
  return <img src={categoryPictureUrl(slug)} alt="" width={160} height={120} decoding="async" loading={lazy ? 'lazy' : undefined} className={className} />;
}
