import { AppError } from '../../platform/errors.ts';

/** One product's part of the out-of-stock message: how many are left, or that it has sold out. */
const shortfall = (line: { productName: string; available: number }) =>
  line.available > 0 ? `only ${line.available} of ${line.productName} ${line.available === 1 ? 'is' : 'are'} left` : `${line.productName} has just sold out`;

/** Inventory's stable error codes. */
export const InventoryErrors = {
  outOfStock: (lines: readonly { productName: string; available: number }[]) =>
    new AppError(
      409,
      'OUT_OF_STOCK',
      `Sorry, ${lines.map((line) => shortfall(line)).join('; ')}. Update your basket and try again: you have not been charged.`,
    ),
};
