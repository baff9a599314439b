import { describe, expect, it } from 'vitest';
import type { StaffProductRow } from '@shop/contracts';
import { productNamedBy } from './bought-together.ts';

const row = (id: number, defaultSku: string): StaffProductRow => ({
  id,
  slug: `p-${id}`,
  name: `Product ${id}`,
  brandName: 'Brand',
  categoryName: 'Basins',
  defaultSku,
  variantCount: 1,
  priceIncVat: 1000,
  withdrawn: false,
});

describe('the product a typed code names', () => {
  it('is the one with that code, else the only one found', () => {
    expect(productNamedBy(' bsn-600 ', [row(1, 'BSN-500'), row(2, 'BSN-600')])).toEqual({ id: 2 });
    expect(productNamedBy('waste', [row(3, 'WST-1')])).toEqual({ id: 3 });
  });

  it('asks for a code when nothing, or more than one product, is found', () => {
    expect(productNamedBy('', [])).toEqual({ problem: 'Enter the code of a variant of the product to pin, as the product editor shows it' });
    expect(productNamedBy('xyz', [])).toEqual({ problem: 'No product has the code or name “xyz”: enter a variant code from the product editor' });
    expect(productNamedBy('basin', [row(1, 'A1'), row(2, 'A2')])).toEqual({ problem: '2 products match “basin”: enter a variant code to say which' });
  });
});
