// The shop's standing offers, shown in the promo bar, home page and help pages. They follow
// docs/domain.md §4.1 (shop figures) and move to the delivery API when it answers them (the trade
// bands are the pricing module's rows, read from the API); keeping them in one module means the copy
// can never disagree with itself.

/** Large and pallet items deliver free over this basket value (pence, inc VAT). */
export const FREE_LARGE_DELIVERY_THRESHOLD = 49_900;
/** Standard parcels deliver free over this basket value (pence, inc VAT). */
export const FREE_PARCEL_DELIVERY_THRESHOLD = 5_000;
// The consumer's rights and the returns promise are the contracts' figures, which the order confirmation e-mail states too.
export { CANCELLATION_PERIOD_DAYS, CHANGE_OF_MIND_RETURN_DAYS, REFUND_WITHIN_DAYS } from '@shop/contracts';
export const WEEE_TAKE_BACK_DAYS = 28;
/** Damage must be reported within this many hours of delivery, missing items within these days. */
export const DAMAGE_REPORT_HOURS = 48;
export const MISSING_REPORT_DAYS = 7;

export interface DeliveryOption {
  name: string;
  appliesTo: string;
  pricePence: number;
  freeOverPence?: number;
  timing: string;
}

export const DELIVERY_OPTIONS: readonly DeliveryOption[] = [
  { name: 'Standard parcel', appliesTo: 'Parcels', pricePence: 495, freeOverPence: FREE_PARCEL_DELIVERY_THRESHOLD, timing: '2–4 working days' },
  { name: 'Next working day', appliesTo: 'In-stock parcels', pricePence: 695, timing: 'Order by 2pm Monday to Friday' },
  { name: 'Specific day (Mon–Fri)', appliesTo: 'Parcels and large items', pricePence: 995, timing: 'Choose a day 2–21 days ahead' },
  { name: 'Saturday', appliesTo: 'Parcels and large items', pricePence: 1995, timing: 'Order by 12 noon on Friday' },
  {
    name: 'Standard large item (kerbside)',
    appliesTo: 'Large and pallet items',
    pricePence: 2995,
    freeOverPence: FREE_LARGE_DELIVERY_THRESHOLD,
    timing: '3–5 working days (pallets 5–10)',
  },
  {
    name: 'Two-person, room of choice',
    appliesTo: 'Freestanding baths, tall furniture, column radiators',
    pricePence: 5995,
    timing: '5–10 working days, booked slot',
  },
];
