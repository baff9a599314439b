import type { Basket } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import { LruCache } from '../../platform/cache.ts';
import type { ServiceContext } from '../../platform/context.ts';
import {
  basketTotals,
  RETAIL_PRICING,
  tradePricing,
  unitPrice,
  type PricedOffering,
  type PriceList,
  type TotalsInput,
  type TradeBand,
  type UnitPrice,
  type VatRate,
} from './pricing-rules.ts';
import * as repository from './pricing.repository.ts';
import type { PricingContext, PricingDeps } from './pricing.deps.ts';

export type { PricingContext };

/**
 * Bands and rates are kept per database handle, for a minute of `clock`. Inside a transaction, `db` is the transaction and
 * `keptFor` the handle it runs on: what that handle keeps is used, and read through the transaction only when not kept
 * (a transaction is no key of its own: each would read them again and push the handle's out).
 */
type ReferenceContext = Pick<ServiceContext, 'db' | 'clock'> & { keptFor?: Database };

/** Every price anyone is shown or charged: the catalogue's trade prices, baskets, wishlists and checkout ask here. */
export interface PricingService {
  /** What the caller's prices are worked out with: retail, or their trade band; and the VAT rates in force. */
  priceListFor(ctx: PricingContext): Promise<PriceList>;
  /** One unit of an offering, as the price list charges it. */
  unitPrice(offering: PricedOffering, list: PriceList): UnitPrice;
  /** A basket's totals: savings, discount, delivery (estimated or chosen) and VAT per rate. */
  basketTotals(input: TotalsInput, list: PriceList): Basket['totals'];
  /** The trade bands, lowest qualifying spend first. */
  tradeBands(ctx: ReferenceContext): Promise<readonly TradeBand[]>;
  /** The VAT rates in force, by code. */
  vatRates(ctx: ReferenceContext): Promise<ReadonlyMap<string, VatRate>>;
  /** Bands or rates changed (a change notice, platform/change-notices.ts): they are read again. */
  forgetReference(): void;
}

interface Reference {
  vatRates: ReadonlyMap<string, VatRate>;
  tradeBands: readonly TradeBand[];
  /** The band given on approval (no qualifying spend): for a `trade` role whose business is not known here. */
  startingBand: TradeBand | undefined;
}

/** How long bands and rates are kept at most: a change's notice makes every instance read them again sooner. */
const REFERENCE_TTL_MS = 60_000;

async function loadReference(db: Database): Promise<Reference> {
  // One after the other: a connection (PGlite's only one, or a transaction's) runs one statement at a time.
  const rates = await repository.listVatRates(db);
  const bands = await repository.listTradeBands(db);
  return { vatRates: new Map(rates.map((rate) => [rate.code, rate])), tradeBands: bands, startingBand: bands[0] };
}

export function createPricingService(deps: PricingDeps = {}): PricingService {
  // Bands and rates change rarely and every priced call reads them: kept REFERENCE_TTL_MS per database handle.
  const references = new LruCache<Database, Promise<Reference>>({ maxEntries: 4, ttlMs: REFERENCE_TTL_MS });
  // What each kept load came to, once it has come: a transaction takes only those (below).
  const settled = new WeakMap<Promise<Reference>, Reference>();
  const keep = (loading: Promise<Reference>) => {
    loading.then((value) => settled.set(loading, value)).catch(() => {});
    return loading;
  };
  const reference = ({ db, clock, keptFor }: ReferenceContext): Promise<Reference> => {
    const now = clock.now().getTime();
    if (!keptFor) return references.getOrLoad(db, () => keep(loadReference(db)), now);
    const kept = references.get(keptFor, now);
    const value = kept && settled.get(kept);
    if (value) return Promise.resolve(value);
    // Not kept yet, or still loading: a load under way may be waiting for a pooled connection that transactions like this
    // one hold while they wait for it, so the transaction reads them itself and keeps its answer for the others.
    const loading = loadReference(db);
    loading
      .then((loaded) => {
        if (!references.get(keptFor, clock.now().getTime())) references.set(keptFor, keep(Promise.resolve(loaded)), clock.now().getTime());
      })
      .catch(() => {});
    return loading;
  };
  return {
    async priceListFor(ctx) {
      const { vatRates, tradeBands, startingBand } = await reference(ctx);
      if (!ctx.actor) return { pricing: RETAIL_PRICING, vatRates };
      // A trade account's holder pays their business's band from the moment it is approved, before
      // their token carries the `trade` role; the band is the business's, as staff or its spend set it.
      const code = deps.tradeBandCodeFor ? await deps.tradeBandCodeFor(ctx) : null;
      const band = code ? tradeBands.find((entry) => entry.code === code) : undefined;
      if (band) return { pricing: tradePricing(band), vatRates };
      if (!ctx.actor.roles.includes('trade')) return { pricing: RETAIL_PRICING, vatRates };
      // The `trade` role with no business here (an external provider's token): the band given on approval.
      if (!startingBand) throw new Error('No trade bands: the migration that made trade_bands writes them');
      return { pricing: tradePricing(startingBand), vatRates };
    },
    unitPrice,
    basketTotals,
    forgetReference: () => references.clear(),
    tradeBands: async (ctx) => (await reference(ctx)).tradeBands,
    vatRates: async (ctx) => (await reference(ctx)).vatRates,
  };
}
