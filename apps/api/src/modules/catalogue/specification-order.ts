import { specificationRowsFor } from '@shop/contracts';

/**
 * Stored specifications in the family's §2.1 order: the database's jsonb keeps an object's keys in its own
 * order (shortest first), not as written. Rows the family does not list follow, in the order they came.
 */
export function inFamilyOrder(specifications: Record<string, string>, department: string, family: string): Record<string, string> {
  const rows = specificationRowsFor(department, family);
  const place = (row: string) => (rows.includes(row) ? rows.indexOf(row) : rows.length);
  return Object.fromEntries(Object.entries(specifications).toSorted(([a], [b]) => place(a) - place(b)));
}
