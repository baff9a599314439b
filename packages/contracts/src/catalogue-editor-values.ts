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
