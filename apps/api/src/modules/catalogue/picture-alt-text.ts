/**
 * What a variant's uploaded picture says to someone who cannot see it: the product, then what this
 * variant is, as a person would say it ("Basin in Matt black", "Basin, 600 mm wide", "Shower tray in
 * White, 900 mm wide, left hand"). "Basin in 600 mm" reads oddly: a size is not something a thing is "in".
 */
import type { VariantOptions } from './product-edits.ts';

/** A finish that reads as a width: a product's first size stored before it had others (decision 0112). */
const WIDTH = /^(\d{2,5})\s*mm$/i;

export function pictureAltText(productName: string, variant: VariantOptions & { label: string }): string {
  const asWidth = variant.finish ? WIDTH.exec(variant.finish) : null;
  const widthMm = variant.widthMm ?? (asWidth ? Number(asWidth[1]) : null);
  const finish = asWidth ? null : variant.finish;
  const details = [
    widthMm === null ? null : `${widthMm} mm wide`,
    variant.handing ? `${variant.handing} hand` : null,
    variant.packQty > 1 ? `pack of ${variant.packQty}` : null,
  ].filter((detail) => detail !== null);
  const named = finish ? `${productName} in ${finish}` : productName;
  if (details.length > 0) return [named, ...details].join(', ');
  // Nothing the options say (a label of the product's own words): the label as staff wrote it.
  return finish || !variant.label.trim() ? named : `${productName}, ${variant.label.trim()}`;
}
