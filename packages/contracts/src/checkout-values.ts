/** The checkout's plain values, for the API and the browser alike: no schemas here. */

/** The most characters an order reference may have: what merchants' order systems and invoices commonly hold. */
export const ORDER_REFERENCE_MAX_LENGTH = 35;
