import { AppError } from '../../platform/errors.ts';

/** Inventory's stable error codes. */
export const InventoryErrors = {
  outOfStock: (lines: readonly { productName: string; available: number }[]) =>
    new AppError(
      409,
      'OUT_OF_STOCK',
      `Sorry, ${lines.map((line) => (line.available > 0 ? `only ${line.available} of ${line.productName} ${line.available === 1 ? 'is' : 'are'} left` : `${line.productName} has just sold out`)).join('; ')}. Update your basket and try again: you have not been charged.`,
    ),
};
