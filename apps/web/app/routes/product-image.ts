import { parseProductSize, renderProductImage } from '../lib/product-art/index.ts';
import { svgResponse } from '../lib/product-art/http.ts';
import type { Route } from './+types/product-image';

/** /images/products/<family>-<finish>[-detail|-dimensions].svg[?size=<w>x<h>]: a generated product illustration. */
export function loader({ request, params }: Route.LoaderArgs) {
  const size = parseProductSize(new URL(request.url).searchParams.get('size'));
  return svgResponse(request, renderProductImage(params.file, size));
}
