/**
 * Text into the stand-in's pages. The stand-in imitates an outside service, so it shares no code with
 * the shop's own sandbox gateway: a fault in one must not hide the same fault in the other.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escape = (value: string | number) => String(value).replace(/[&<>"']/g, (char) => ESCAPES[char]!);
/** A value for a `<script>`: JSON that cannot close the script element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
/** Card brands as Stripe's own pages name them. */
const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };
export const brandName = (brand: string) => BRANDS[brand] ?? 'card';
