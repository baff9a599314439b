import { z } from 'zod';

/** The fields every call of the staff product editor shares (`catalogue-editor.ts`, `catalogue-essentials.ts`), declared once. */

/** The product's version as the editor read it (decision 0086). */
export const Version = z
  .number()
  .int()
  .min(0)
  .max(2_147_483_647)
  .describe('The version the editor was opened at: a change made since by someone else is a 409');
/** The body of a step that names its target in the path and sends only the version read. */
export const VersionOnly = z.object({ version: Version });
/** A row's id in a path (a product, an essential item, a scheduled price, a picture). */
export const RowId = z.coerce.number().int().positive().max(2_147_483_647);
export const ProductId = z.object({ id: RowId });
