import type { Wishlist } from '@shop/contracts';

/** A share code typed in: eight letters and numbers, spaces and a hyphen allowed. Null when it can be sent. */
export function shareCodeProblem(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '');
  if (compact === '') return 'Enter the share code from the e-mail, like ABCD-2345.';
  if (!/^[A-Za-z0-9]{8}$/.test(compact)) return 'A share code has 8 letters and numbers, like ABCD-2345.';
  return null;
}

/** "3 products", "1 product". */
export const productCountText = (count: number) => `${count} product${count === 1 ? '' : 's'}`;

/** The products that can go in the basket now, at their wishlist quantities. */
export const basketReadyItems = (wishlist: Wishlist | null) =>
  (wishlist?.items ?? []).filter((item) => item.available).map(({ sku, quantity }) => ({ sku, quantity }));
