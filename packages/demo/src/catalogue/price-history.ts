/**
 * The demo catalogue's price histories: most skus at one price since their product was added; a
 * reduced product (`GeneratedProduct.reduced`) sold at a higher price for weeks before a recent
 * reduction, or, for one in five, so long ago that the reduction is now its normal price; and a
 * few recent rises. The "was" each shows is then what `reference-price.ts` allows, never set here.
 * Drawn from each product's own stream, so the generated catalogue is unchanged by it.
 */
import { createRandom } from '../random.ts';
import { retail } from './catalogue-generator.ts';

const DAY_MS = 86_400_000;

export interface DemoPriceStep {
  priceIncVat: number;
  effectiveFrom: Date;
  effectiveUntil: Date | null;
}

/** The shape of a product's history: when its price changed, as days before `today`, and by what factor the earlier price differs. */
interface Story {
  changedDaysAgo: number;
  earlierFactor: number;
}

function storyOf(product: { id: number; reduced: boolean }, ageDays: number): Story | null {
  const random = createRandom(product.id * 7_919 + 20_261_126);
  const roll = random();
  const draw = random();
  const factor = random();
  if (product.reduced) {
    // The higher price must have had its 28 days (and more) for the demo's sale to be a real one.
    if (ageDays < 42) return null;
    // One in five was reduced long ago: the reduction has outlasted the higher price and shows no "was".
    if (roll < 0.2) return { changedDaysAgo: Math.floor(ageDays * (0.6 + 0.3 * draw)), earlierFactor: 1.1 + factor * 0.25 };
    return { changedDaysAgo: 3 + Math.floor(draw * (Math.min(60, Math.floor(ageDays / 2)) - 3)), earlierFactor: 1.1 + factor * 0.25 };
  }
  // A few went up lately (suppliers' prices rise): the lower earlier price is no "was".
  if (roll < 0.06 && ageDays >= 60) return { changedDaysAgo: 10 + Math.floor(draw * Math.min(110, ageDays - 40)), earlierFactor: 0.88 + factor * 0.07 };
  return null;
}

/** A sku's steps, oldest first, ending at `priceIncVat` in force; the first from when its product was added. */
export function demoPriceHistory(product: { id: number; reduced: boolean }, priceIncVat: number, addedAt: Date, today: Date): DemoPriceStep[] {
  const ageDays = Math.max(0, Math.floor((today.getTime() - addedAt.getTime()) / DAY_MS));
  const story = storyOf(product, ageDays);
  const earlier = story ? retail(priceIncVat * story.earlierFactor) : priceIncVat;
  // A price too small to move by whole retail steps stays as it was.
  if (!story || earlier === priceIncVat) return [{ priceIncVat, effectiveFrom: addedAt, effectiveUntil: null }];
  const changedAt = new Date(today.getTime() - story.changedDaysAgo * DAY_MS);
  return [
    { priceIncVat: earlier, effectiveFrom: addedAt, effectiveUntil: changedAt },
    { priceIncVat, effectiveFrom: changedAt, effectiveUntil: null },
  ];
}
