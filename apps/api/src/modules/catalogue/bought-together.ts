/**
 * "Frequently bought together" (decision 0117): pairs counted from orders by the `bought-together`
 * job, shown on product and basket pages, and staff's pins and blocks with the reason for each.
 */
import type { BoughtTogetherChoice, ProductCard, StaffBoughtTogether } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import type { Database } from '../../db/client.ts';
import { BOUGHT_TOGETHER_DAYS, MIN_ORDERS_TOGETHER, liftOf, pairsOf, rankBoughtTogether, whyOf, type OrderCounts } from './bought-together-rules.ts';
import type { DbContext } from './catalogue.deps.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import { actorOf } from './product-editor.ts';
import * as repository from './repository/bought-together.ts';
import { insertAudit } from './repository/product-editor.ts';

/** Products bought in the same orders since a date, from orders (given by the composition root: orders come after the catalogue). */
export type CoPurchasesSince = (ctx: { db: Database }, since: Date, productOfSku: ReadonlyMap<string, number>, minTogether: number) => Promise<OrderCounts>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts the last year's orders into pairs afresh, in place of the last count. Returns how many pairs there are now. */
export async function recountBoughtTogether(db: Database, coPurchasesSince: CoPurchasesSince, now: Date): Promise<number> {
  const since = new Date(now.getTime() - BOUGHT_TOGETHER_DAYS * DAY_MS);
  const pairs = pairsOf(await coPurchasesSince({ db }, since, await repository.productOfEverySku(db), MIN_ORDERS_TOGETHER));
  await repository.replacePairs(db, pairs, now);
  return pairs.length;
}

/** Cards a shopper may be offered: in stock (or made to order) and priced. */
export const offerable = (card: ProductCard) => card.stockStatus.status !== 'out_of_stock' && card.price.priceIncTax > 0;
/** Why a card is not offered, in staff's words. */
const unsellableAs = (card: ProductCard | undefined) =>
  !card ? 'withdrawn from sale' : card.stockStatus.status === 'out_of_stock' ? 'out of stock' : card.price.priceIncTax <= 0 ? 'priced at £0' : null;

/** Cards of products, in the order asked for (withdrawn products left out). */
export type ListCards = (ctx: DbContext, ids: readonly number[]) => Promise<ProductCard[]>;

/** What to show with these products (a product page's one, a basket's lines), best first, leaving out `leaveOut`. */
export async function boughtTogetherWith(ctx: DbContext, listCards: ListCards, anchors: readonly number[], leaveOut: ReadonlySet<number>, size: number) {
  if (anchors.length === 0) return [];
  const [pairs, choices] = await Promise.all([repository.pairsOf(ctx.db, anchors), repository.choicesOf(ctx.db, anchors)]);
  const ranked = rankBoughtTogether(pairs, choices, new Set([...anchors, ...leaveOut]));
  // Twice the row's size read, so a few out of stock still leave a full row.
  return (await listCards(ctx, ranked.slice(0, size * 2))).filter(offerable).slice(0, size);
}

/** A product's row as staff see it: every pair from orders, pin and block, with its place in the row and why. */
export async function staffBoughtTogether(ctx: DbContext, listCards: ListCards, productId: number, size: number): Promise<StaffBoughtTogether> {
  const [pairs, choices, countedAt, names] = await Promise.all([
    repository.pairsOf(ctx.db, [productId]),
    repository.choicesOf(ctx.db, [productId]),
    repository.lastCountedAt(ctx.db),
    repository.productNames(ctx.db, [productId]),
  ]);
  const product = names.get(productId);
  if (!product) throw CatalogueErrors.productIdNotFound(productId);
  const ids = [...new Set([...choices.map((choice) => choice.pairedProductId), ...pairs.map((pair) => pair.pairedProductId)])];
  const [cards, pairedNames] = await Promise.all([listCards(ctx, ids), repository.productNames(ctx.db, ids)]);
  const cardOf = new Map(cards.map((card) => [card.id, card]));
  const shown = rankBoughtTogether(pairs, choices, new Set([productId]))
    .filter((id) => cardOf.has(id) && offerable(cardOf.get(id)!))
    .slice(0, size);
  return {
    productId,
    productName: product.name,
    productSlug: product.slug,
    countedAt: countedAt?.toISOString() ?? null,
    pairs: ids.flatMap((id) => {
      const named = pairedNames.get(id);
      if (!named) return [];
      const pair = pairs.find((each) => each.pairedProductId === id) ?? null;
      const choice = choices.find((each) => each.pairedProductId === id)?.choice ?? null;
      const place = shown.indexOf(id);
      return [
        {
          productId: id,
          ...named,
          ordersTogether: pair?.ordersTogether ?? 0,
          lift: pair ? liftOf(pair.liftHundredths) : null,
          choice,
          shownAt: place === -1 ? null : place + 1,
          why: whyOf(pair, choice, choice === 'blocked' ? null : unsellableAs(cardOf.get(id))),
        },
      ];
    }),
  };
}

const CHOICE_WORDS: Record<BoughtTogetherChoice | 'none', string> = {
  pinned: 'pinned in “Frequently bought together”',
  blocked: 'blocked from “Frequently bought together”',
  none: 'left to orders in “Frequently bought together”',
};

/** Staff pin, block or free a product for another's row; the product's change list says who and when. */
export async function chooseBoughtTogether(
  ctx: CallerContext,
  productId: number,
  pairedProductId: number,
  choice: BoughtTogetherChoice | 'none',
): Promise<void> {
  if (pairedProductId === productId) throw CatalogueErrors.pairedWithItself();
  const names = await repository.productNames(ctx.db, [productId, pairedProductId]);
  for (const id of [productId, pairedProductId]) if (!names.has(id)) throw CatalogueErrors.productIdNotFound(id);
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const changed = await repository.setChoice(tx, productId, pairedProductId, choice === 'none' ? null : choice, now);
    if (changed) await insertAudit(tx, [{ productId, at: now, ...actorOf(ctx), what: `${names.get(pairedProductId)!.name} ${CHOICE_WORDS[choice]}` }]);
  });
}
