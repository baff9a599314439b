/**
 * A sku's delivery options (`POST /api/delivery/Delivery/ProductDeliveryOptions`): delivery's rules
 * applied to what the catalogue knows of the product and what inventory says of its stock. The
 * catalogue answers it because the product is its own; delivery's rules know nothing of products,
 * so listings can use them too (the next-day facet) without the two modules needing each other.
 */
import type { ProductDeliveryOptions, ProductDeliveryOptionsRequest } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { DeliveryErrors, type DeliveryService, type Postcode } from '../delivery/index.ts';
import type { InventoryService } from '../inventory/index.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import * as repository from './repository/products.ts';

/** The delivery options of a sku for a quantity, to a postcode when one is given (else mainland GB). */
export async function getProductDeliveryOptions(
  { delivery, inventory }: { delivery: DeliveryService; inventory: InventoryService },
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  input: ProductDeliveryOptionsRequest,
): Promise<ProductDeliveryOptions> {
  // A blank postcode field is no postcode, not a wrong one.
  const text = input.postcode?.trim() ?? '';
  let postcode: Postcode | null = null;
  if (text) {
    const parsed = delivery.parsePostcode(text);
    if (!parsed.ok) throw DeliveryErrors.invalidPostcode(parsed.reason);
    postcode = parsed.postcode;
  }
  const item = await repository.findSkuDeliveryFacts(ctx.db, input.sku);
  if (!item) throw CatalogueErrors.skuNotFound(input.sku);
  const { status, eta } = (await inventory.availabilityOf(ctx, [item.sku])).get(item.sku)!;
  const zone = postcode ? delivery.zoneOf(postcode) : 'mainland';
  const result = delivery.deliveryOptions({
    deliveryClass: item.deliveryClass,
    stock: { status, eta },
    unitPriceIncVat: item.unitPriceIncVat,
    quantity: input.quantity,
    zone,
    region: delivery.holidayRegionOf(postcode),
    now: ctx.clock.now(),
  });
  return {
    sku: item.sku,
    quantity: input.quantity,
    postcode: postcode?.normalised ?? null,
    zone,
    deliveryClass: item.deliveryClass,
    stockStatus: status,
    ...result,
  };
}
