import { renderUserContentImage } from '@shop/demo/product-art';
import { svgResponse } from '../lib/svg-response.ts';
import type { Route } from './+types/user-content-image';

/** /images/user-content/<productId>.svg: a customer's photo of the product fitted (an illustration). */
export function loader({ request, params }: Route.LoaderArgs) {
  return svgResponse(request, renderUserContentImage(params.file));
}
