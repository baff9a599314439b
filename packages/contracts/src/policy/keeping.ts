/**
 * How long the shop keeps what a shopper leaves with it: the basket and accounts modules act on these,
 * and the privacy notice states them (as content facts), so what the notice says and what the shop does
 * cannot drift apart.
 */

/** A saved basket's retrieval code works for this many days. */
export const SAVED_BASKET_DAYS = 30;
/** A newsletter sign-up never confirmed is deleted this many days after its latest request (decision 0044). */
export const UNCONFIRMED_RETENTION_DAYS = 30;
