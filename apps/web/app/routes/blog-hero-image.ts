import { renderBlogHeroImage } from '@shop/demo/product-art';
import { svgResponse } from '../lib/svg-response.ts';
import type { Route } from './+types/blog-hero-image';

/** /images/blog/<post-slug>.svg: a blog post's generated hero illustration. */
export function loader({ request, params }: Route.LoaderArgs) {
  return svgResponse(request, renderBlogHeroImage(params.file));
}
