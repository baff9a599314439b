import { renderUserContentImage } from '../lib/product-art/index.ts';
import { svgResponse } from '../lib/product-art/http.ts';
import type { Route } from './+types/user-content-image';

/** /images/user-content/<productId>.svg: a customer's photo of the product fitted (an illustration). */
export function loader({ request, params }: Route.LoaderArgs) {
  return svgResponse(request, renderUserContentImage(params.file));
}
