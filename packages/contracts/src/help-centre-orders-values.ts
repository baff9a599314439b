/**
 * Order self-service's plain values (no zod: the storefront's browser code reads them through
 * `browser.ts`): the choices its forms offer and the words for each. The calls are in
 * `help-centre-orders.ts`.
 */

export const ORDER_HELP_MAX_PHOTOS = 6;
/**
 * Whoever is not the order's owner signed in changes an order through a link we e-mail to the
 * order's address (decision 0049): its token goes to the API in this header, never in an address or
 * a body, and it works for this many hours.
 */
export const ORDER_LINK_HEADER = 'x-order-link';
export const ORDER_LINK_HOURS = 24;
/** The link's token as a request carries it (its header only), or null. */
export function orderLinkTokenOf(headers: Record<string, string | string[] | undefined>): string | null {
  const token = headers[ORDER_LINK_HEADER];
  return typeof token === 'string' && token !== '' ? token : null;
}
/**
 * What a guest asked a link for: to manage the order (the help centre's page), or to go straight to
 * changing it or upgrading its delivery. The link opens all of the order's pages either way.
 */
export const ORDER_LINK_PURPOSES = ['manage', 'change', 'upgrade-delivery'] as const;
export type OrderLinkPurpose = (typeof ORDER_LINK_PURPOSES)[number];
/**
 * The link in the order confirmation: long enough to cancel with it until 14 days after a delivery
 * booked up to 21 days ahead, and to return within the shop's 30 days (decision 0053).
 */
export const ORDER_CONFIRMATION_LINK_DAYS = 60;
// The windows for cancelling, returning and reporting are the shop's policy (`policy/after-sales-windows.ts`).
export const DAMAGE_ISSUE_TYPES = ['damaged', 'missing', 'wrong-item'] as const;
export const DAMAGE_ISSUE_TYPE_NAMES: Record<(typeof DAMAGE_ISSUE_TYPES)[number], string> = {
  damaged: 'Damaged',
  missing: 'Missing',
  'wrong-item': 'Wrong item sent',
};
export const UNWANTED_REASONS = ['changed-mind', 'not-as-described', 'ordered-wrong-item', 'no-longer-needed', 'arrived-too-late', 'other'] as const;
export const UNWANTED_REASON_NAMES: Record<(typeof UNWANTED_REASONS)[number], string> = {
  'changed-mind': 'I changed my mind',
  'not-as-described': 'Not as described',
  'ordered-wrong-item': 'I ordered the wrong item',
  'no-longer-needed': 'No longer needed',
  'arrived-too-late': 'It arrived too late',
  other: 'Another reason',
};
export const AMEND_CHANGES = ['quantity', 'address', 'date'] as const;
export const AMEND_CHANGE_NAMES: Record<(typeof AMEND_CHANGES)[number], string> = {
  quantity: 'A quantity',
  address: 'The delivery address',
  date: 'The delivery date',
};
export const DELIVERY_TERMS_TYPES = ['kerbside', 'two-person'] as const;
export const DELIVERY_TERMS_TYPE_NAMES: Record<(typeof DELIVERY_TERMS_TYPES)[number], string> = {
  kerbside: 'Kerbside delivery',
  'two-person': 'Two-person delivery, room of choice',
};
export const VEHICLE_SIZES = ['small-van', 'large-van', '7.5-tonne', 'articulated'] as const;
export const VEHICLE_SIZE_NAMES: Record<(typeof VEHICLE_SIZES)[number], string> = {
  'small-van': 'Small van only',
  'large-van': 'Large van (up to 3.5 tonnes)',
  '7.5-tonne': '7.5-tonne lorry',
  articulated: 'Articulated lorry',
};
