import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { TradeBand, VatRate } from './pricing-rules.ts';
import { tradeBands, vatRates } from './pricing.tables.ts';

export async function listVatRates(db: Database): Promise<VatRate[]> {
  return db
    .select({ code: vatRates.code, name: vatRates.name, basisPoints: vatRates.basisPoints, inForceFrom: vatRates.inForceFrom })
    .from(vatRates)
    .orderBy(asc(vatRates.code));
}

/** Lowest qualifying spend first: the band given on approval leads. */
export async function listTradeBands(db: Database): Promise<TradeBand[]> {
  return db
    .select({
      code: tradeBands.code,
      name: tradeBands.name,
      discountBasisPoints: tradeBands.discountBasisPoints,
      qualifyingSpendExVat: tradeBands.qualifyingSpendExVat,
    })
    .from(tradeBands)
    .orderBy(asc(tradeBands.qualifyingSpendExVat));
}
