import type { ProductDeliveryOptions, ProductDeliveryOptionsRequest } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { findSkuDeliveryFacts } from '../catalogue/index.ts';
import { DeliveryErrors } from './delivery.errors.ts';
import { deliveryOptions } from './delivery-options.ts';
import { holidayRegionOf, parsePostcode, zoneOf, type Postcode } from './postcode.ts';

/** The delivery options of a sku for a quantity, to a postcode when one is given (else mainland GB). */
export async function getProductDeliveryOptions(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  input: ProductDeliveryOptionsRequest,
): Promise<ProductDeliveryOptions> {
  // A blank postcode field is no postcode, not a wrong one.
  const text = input.postcode?.trim() ?? '';
  let postcode: Postcode | null = null;
  if (text) {
    const parsed = parsePostcode(text);
    if (!parsed.ok) throw DeliveryErrors.invalidPostcode(parsed.reason);
    postcode = parsed.postcode;
  }
  const item = await findSkuDeliveryFacts(ctx.db, input.sku);
  if (!item) throw DeliveryErrors.skuNotFound(input.sku);
  const zone = postcode ? zoneOf(postcode) : 'mainland';
  const result = deliveryOptions({
    deliveryClass: item.deliveryClass,
    stock: { status: item.stockStatus, eta: item.eta },
    unitPriceIncVat: item.unitPriceIncVat,
    quantity: input.quantity,
    zone,
    region: holidayRegionOf(postcode),
    now: ctx.clock.now(),
  });
  return {
    sku: item.sku,
    quantity: input.quantity,
    postcode: postcode?.normalised ?? null,
    zone,
    deliveryClass: item.deliveryClass,
    stockStatus: item.stockStatus,
    ...result,
  };
}
