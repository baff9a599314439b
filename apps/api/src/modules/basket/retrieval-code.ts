import { formatInFours, newOpaqueId, parseReadableCode, READABLE_ALPHABET, readableCode } from '../../platform/readable-codes.ts';

/**
 * Saved-basket codes are read over the phone: 8 of 29 readable symbols is ~5×10¹¹ codes, and
 * lookups are rate-limited, so guessing one of the live codes is hopeless.
 */
export const RETRIEVAL_ALPHABET = READABLE_ALPHABET;
export const RETRIEVAL_CODE_LENGTH = 8;

export const newRetrievalCode = (): string => readableCode(RETRIEVAL_CODE_LENGTH);

/**
 * Codes drawn for one save before it gives up. A drawn code is taken with the chance live codes fill
 * the space: at 10⁸ saved baskets, 1 in 5,000, so ten taken in a row is about 10⁻³⁷: never, unless
 * the draw itself is broken, which is then refused plainly (503 BASKET_SAVE_UNAVAILABLE).
 */
export const RETRIEVAL_CODE_ATTEMPTS = 10;

/** How a code is shown and spoken: two groups of four. */
export const formatRetrievalCode = formatInFours;

/** What a person typed, as stored: case, spaces and hyphens do not matter. Null when it cannot be a code. */
export const normaliseRetrievalCode = (input: string): string | null => parseReadableCode(input, RETRIEVAL_CODE_LENGTH);

/** A guest's basket is reachable only by whoever holds its id. */
export const newBasketId = newOpaqueId;
