import { z } from 'zod';
import { ProductId, RowId, Version } from './catalogue-editor-fields.ts';
import { ESSENTIAL_REQUIREMENTS, MAX_ITEM_QUANTITY } from './catalogue-editor-values.ts';

/**
 * A product's essential items and a bundle's contents as staff edit them (issue 42): the schemas the
 * product editor's answer and its essentials and bundle calls use (`catalogue-editor.ts`). An item's
 * fields are declared once, for the bundle's and the essentials' calls alike.
 */

const ItemSku = z.string().trim().min(1, 'Enter the code of the item, as the product editor shows it').max(40, 'Enter a code of 40 characters or fewer');
const Quantity = z
  .number()
  .int('Enter the quantity as a whole number')
  .min(1, 'Enter a quantity of 1 or more')
  .max(MAX_ITEM_QUANTITY, `Enter a quantity of ${MAX_ITEM_QUANTITY} or fewer`);
const Place = z.number().int('Enter the place as a whole number').min(1, 'Enter a place of 1 or more').max(1000).describe('1 is the first');
const Requirement = z.enum(ESSENTIAL_REQUIREMENTS, { error: 'Choose whether it is required or recommended' });
const CompatibilityRule = z
  .string()
  .trim()
  .min(1, 'Enter why it fits, for example “Overflow: yes → slotted waste”')
  .max(200, 'Enter why it fits in 200 characters or fewer');

/** An essential item's row in a path: its id, below its product's. */
export const StaffEssentialParams = ProductId.extend({ essentialId: RowId });
/** A bundle's item in a path: its variant code, below the bundle's id. */
export const StaffBundleItemParams = ProductId.extend({ sku: z.string().trim().min(1).max(40) });
/** An essential item a bundle's item needs within that bundle only: its id, below the bundle's item. */
export const StaffBundleEssentialParams = StaffBundleItemParams.extend({ essentialId: RowId });

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

export const StaffBundleItemSchema = StaffItemSchema.extend({
  essentials: z
    .array(StaffEssentialSchema)
    .describe('What it needs within this bundle only (the product page lists them with the bundle): required ones first, each group in its order'),
}).meta({ id: 'StaffBundleItem' });
export type StaffBundleItem = z.infer<typeof StaffBundleItemSchema>;

export const StaffProductExtrasSchema = z.object({
  essentials: z.array(StaffEssentialSchema).describe('Its own essential items as the product page lists them: required ones first, each group in its order'),
  isBundle: z.boolean().describe('A bundle: sold as one product made of the items in `bundleItems`'),
  bundleItems: z.array(StaffBundleItemSchema).describe("A bundle's contents in the order its page lists them; empty for a product that is not a bundle"),
  inBundles: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('The bundles that contain one of its variants'),
});

/** An item as staff add it, to a product's essentials or to a bundle: a variant code and how many go with one of the product. */
const NewStaffItemSchema = z.object({ version: Version, sku: ItemSku, quantity: Quantity.default(1) });

export const AddStaffEssentialSchema = NewStaffItemSchema.extend({
  sku: ItemSku.describe('A variant code of the item product'),
  requirement: Requirement,
  compatibilityRule: CompatibilityRule,
}).meta({ id: 'AddStaffEssential' });
export type AddStaffEssential = z.infer<typeof AddStaffEssentialSchema>;

export const AddStaffBundleItemSchema = NewStaffItemSchema.extend({ sku: ItemSku.describe('A variant code of the product to put in the bundle') }).meta({
  id: 'AddStaffBundleItem',
});
export type AddStaffBundleItem = z.infer<typeof AddStaffBundleItemSchema>;

/** An essential item changed where it is: the fields given change, those left out keep their values. */
export const ChangeStaffEssentialSchema = z
  .object({
    version: Version,
    requirement: Requirement.optional().describe('Made the other kind, it is listed last of its new kind'),
    quantity: Quantity.optional(),
    compatibilityRule: CompatibilityRule.optional(),
  })
  .meta({ id: 'ChangeStaffEssential' });
export type ChangeStaffEssential = z.infer<typeof ChangeStaffEssentialSchema>;

/** A bundle's item changed where it is: how many of it the bundle holds. */
export const ChangeStaffBundleItemSchema = z.object({ version: Version, quantity: Quantity }).meta({ id: 'ChangeStaffBundleItem' });
export type ChangeStaffBundleItem = z.infer<typeof ChangeStaffBundleItemSchema>;

export const MoveStaffItemSchema = z
  .object({ version: Version, place: Place.describe('Its place among the essentials of its kind (required or recommended), or in the bundle: 1 is the first') })
  .meta({ id: 'MoveStaffItem' });
export type MoveStaffItem = z.infer<typeof MoveStaffItemSchema>;
