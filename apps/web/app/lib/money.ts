// Money is integer pence everywhere; `formatPence` and `formatPenceShort` (@shop/contracts) show it.

/** What the shopper saves against a was-price, or null when there is no real saving. */
export function savingPence(pence: number, wasPence: number | null | undefined): number | null {
  if (wasPence === null || wasPence === undefined || wasPence <= pence) return null;
  return wasPence - pence;
}
