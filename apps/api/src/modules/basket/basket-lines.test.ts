import { describe, expect, it } from 'vitest';
import type { SellableOffering } from '../catalogue/index.ts';
import { priceLine, sellableQuantity } from './basket-lines.ts';

const offering = (overrides: Partial<SellableOffering> = {}): SellableOffering => ({
  sku: 'SKU-1',
  productId: 1,
  productName: 'Basin',
  productSlug: 'basin',
  label: '500 mm',
  imageUrl: null,
  categoryId: 1,
  brandId: 1,
  isBundle: false,
  deliveryClass: 'parcel',
  packQty: 1,
  priceIncVat: 12_000,
  priceExVat: 10_000,
  wasPriceIncVat: null,
  vatRateCode: 'standard',
  returnability: 'standard',
  stockStatus: 'in_stock',
  eta: null,
  sellable: 10,
  ...overrides,
});
const price = { incVat: 12_000, exVat: 10_000, wasIncVat: null };

describe('basket lines', () => {
  it('hold what inventory says can be sold, at most 999, and nothing of a sku that is gone', () => {
    expect(sellableQuantity(offering({ sellable: 3 }))).toBe(3);
    expect(sellableQuantity(offering({ stockStatus: 'made_to_order', sellable: Infinity }))).toBe(999);
    expect(sellableQuantity(offering({ stockStatus: 'out_of_stock', sellable: 0 }))).toBe(0);
    expect(sellableQuantity(undefined)).toBe(0);
  });

  it('say why a line cannot be bought as it is', () => {
    expect(priceLine({ sku: 'SKU-1', quantity: 4 }, { offering: offering({ sellable: 3 }), price })).toMatchObject({
      available: false,
      unavailableReason: 'insufficient_stock',
      maxQuantity: 3,
    });
    expect(priceLine({ sku: 'SKU-1', quantity: 1 }, { offering: offering({ stockStatus: 'out_of_stock', sellable: 0 }), price })).toMatchObject({
      available: false,
      unavailableReason: 'out_of_stock',
    });
    expect(priceLine({ sku: 'GONE', quantity: 2 }, undefined)).toMatchObject({
      sku: 'GONE',
      available: false,
      unavailableReason: 'sku_not_found',
      lineTotalIncVat: 0,
    });
  });

  it('total the unit price and what it saves against the price it replaces', () => {
    const line = priceLine({ sku: 'SKU-1', quantity: 3 }, { offering: offering(), price: { incVat: 10_500, exVat: 8_750, wasIncVat: 12_000 } });
    expect(line).toMatchObject({ available: true, unitPriceIncVat: 10_500, lineTotalIncVat: 31_500, lineTotalExVat: 26_250, lineSavingsIncVat: 4_500 });
  });
});
