/** "Frequently bought together" for staff (decision 0117): the page's address, and the product a typed code names. */
import type { StaffProductRow } from '@shop/contracts';

export const boughtTogetherHref = (id: number) => `/staff/products/${id}/bought-together`;

/**
 * The product staff mean by what they typed: the one whose variant code it is (the search matches codes
 * whole and names in part), or the only product found; otherwise the words for the field.
 */
export function productNamedBy(typed: string, found: readonly StaffProductRow[]): { id: number } | { problem: string } {
  const code = typed.trim();
  if (code === '') return { problem: 'Enter the code of a variant of the product to pin, as the product editor shows it' };
  const exact = found.find((row) => row.defaultSku.toLowerCase() === code.toLowerCase());
  if (exact) return { id: exact.id };
  if (found.length === 1) return { id: found[0]!.id };
  if (found.length === 0) return { problem: `No product has the code or name “${code}”: enter a variant code from the product editor` };
  return { problem: `${found.length} products match “${code}”: enter a variant code to say which` };
}
