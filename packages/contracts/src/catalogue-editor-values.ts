// What the staff product editor offers: plain values the API checks and the editor's selects show.

/** How a product is delivered (docs/domain.md §5): it decides the delivery charge and where it can go. */
export const DELIVERY_CLASSES = ['parcel', 'large', 'pallet', 'two_man_eligible'] as const;
export type DeliveryClass = (typeof DELIVERY_CLASSES)[number];
/** Each delivery class as staff choose it. */
export const DELIVERY_CLASS_NAMES: Record<DeliveryClass, string> = {
  parcel: 'Parcel',
  large: 'Large item (kerbside)',
  pallet: 'Pallet',
  two_man_eligible: 'Two-person delivery',
};

/** At most this many essential items per product: the product page lists each as a card, and the demo seed's largest has 4. */
export const MAX_ESSENTIALS = 20;
/** At most this many products in a bundle: the product page lists each under "What's in the set", and the demo seed's largest has 6. */
export const MAX_BUNDLE_ITEMS = 20;
/** At most this many of one item per essential row or bundle row. */
export const MAX_ITEM_QUANTITY = 99;

export const ESSENTIAL_REQUIREMENTS = ['required', 'recommended'] as const;

/**
 * The listing facets a variant's options give its product (Width, Finish, Handing), as shoppers
 * filter by them: the same for the demo's products as for those staff or an import add.
 */
export function variantFacetValues(options: { widthMm: number | null; finish: string | null; handing: string | null }): [facet: string, value: string][] {
  const values: [string, string][] = [];
  if (options.widthMm) values.push(['width_mm', `${options.widthMm} mm`]);
  if (options.finish) values.push(['finish', options.finish]);
  if (options.handing) values.push(['handing', options.handing === 'left' ? 'Left hand' : 'Right hand']);
  return values;
}
