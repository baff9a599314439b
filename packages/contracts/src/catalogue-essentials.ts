import { z } from 'zod';
import { ESSENTIAL_REQUIREMENTS, MAX_ITEM_QUANTITY } from './catalogue-editor-values.ts';

/**
 * A product's essential items and a bundle's contents as staff edit them (issue 42): the schemas the
 * product editor's answer and its essentials and bundle calls use (`catalogue-editor.ts`).
 */

const Version = z.number().int().min(0).max(2_147_483_647).describe('The version the editor was opened at: a change made since by someone else is a 409');
const ItemSku = z.string().trim().min(1, 'Enter the code of the item, as the product editor shows it').max(40, 'Enter a code of 40 characters or fewer');
const Quantity = z
  .number()
  .int('Enter the quantity as a whole number')
  .min(1, 'Enter a quantity of 1 or more')
  .max(MAX_ITEM_QUANTITY, `Enter a quantity of ${MAX_ITEM_QUANTITY} or fewer`);
const Place = z.number().int('Enter the place as a whole number').min(1, 'Enter a place of 1 or more').max(1000).describe('1 is the first');

/** An item another product names: its variant, and its product. */
const StaffItemSchema = z.object({
  sku: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  label: z.string().describe("The variant's label (its finish or size)"),
  withdrawn: z.boolean().describe('Withdrawn from sale since it was added: the product page does not show it'),
  quantity: z.number().int(),
});

export const StaffEssentialSchema = StaffItemSchema.extend({
  id: z.number().int(),
  requirement: z.enum(ESSENTIAL_REQUIREMENTS),
  compatibilityRule: z.string().describe('Why it fits, as the product page says it'),
}).meta({ id: 'StaffEssential' });
export type StaffEssential = z.infer<typeof StaffEssentialSchema>;

export const StaffBundleItemSchema = StaffItemSchema.meta({ id: 'StaffBundleItem' });
export type StaffBundleItem = z.infer<typeof StaffBundleItemSchema>;

export const StaffProductExtrasSchema = z.object({
  essentials: z.array(StaffEssentialSchema).describe('Its own essential items as the product page lists them: required ones first, each group in its order'),
  isBundle: z.boolean().describe('A bundle: sold as one product made of the items in `bundleItems`'),
  bundleItems: z.array(StaffBundleItemSchema).describe("A bundle's contents in the order its page lists them; empty for a product that is not a bundle"),
  inBundles: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('The bundles that contain one of its variants'),
});

export const AddStaffEssentialSchema = z
  .object({
    version: Version,
    sku: ItemSku.describe('A variant code of the item product'),
    requirement: z.enum(ESSENTIAL_REQUIREMENTS, { error: 'Choose whether it is required or recommended' }),
    quantity: Quantity.default(1),
    compatibilityRule: z
      .string()
      .trim()
      .min(1, 'Enter why it fits, for example “Overflow: yes → slotted waste”')
      .max(200, 'Enter why it fits in 200 characters or fewer'),
  })
  .meta({ id: 'AddStaffEssential' });
export type AddStaffEssential = z.infer<typeof AddStaffEssentialSchema>;

export const AddStaffBundleItemSchema = z
  .object({ version: Version, sku: ItemSku.describe('A variant code of the product to put in the bundle'), quantity: Quantity.default(1) })
  .meta({ id: 'AddStaffBundleItem' });
export type AddStaffBundleItem = z.infer<typeof AddStaffBundleItemSchema>;

export const MoveStaffItemSchema = z
  .object({ version: Version, place: Place.describe('Its place among the essentials of its kind (required or recommended), or in the bundle: 1 is the first') })
  .meta({ id: 'MoveStaffItem' });
export type MoveStaffItem = z.infer<typeof MoveStaffItemSchema>;
