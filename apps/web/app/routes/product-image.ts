import { renderProductImage } from '../lib/product-art/index.ts';
import { svgResponse } from '../lib/product-art/http.ts';
import type { Route } from './+types/product-image';

/** /images/products/<family>-<finish>[-detail|-dimensions].svg: a generated product illustration. */
export function loader({ request, params }: Route.LoaderArgs) {
  return svgResponse(request, renderProductImage(params.file));
}
