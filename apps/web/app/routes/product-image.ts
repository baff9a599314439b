import { parseProductSize, renderProductImage } from '@shop/demo/product-art';
import { svgResponse } from '../lib/svg-response.ts';
import type { Route } from './+types/product-image';

/** /images/products/<family>-<finish>[-detail|-dimensions].svg[?size=<w>x<h>]: a generated product illustration. */
export function loader({ request, params }: Route.LoaderArgs) {
  const size = parseProductSize(new URL(request.url).searchParams.get('size'));
  return svgResponse(request, renderProductImage(params.file, size));
}
