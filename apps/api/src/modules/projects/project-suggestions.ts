/**
 * "Complete your bathroom" on a project: the catalogue's essential items its products need or go with
 * that nothing in it is, chosen as the basket's row chooses them, each priced for the caller as the
 * project's lines are (a trade band price only for a trade viewer). A call of its own (decision 0144),
 * so opening a project stays the few statements decision 0111 made it.
 */
import type { CompleteYourBathroom } from '@shop/contracts';
import type { CallerContext as Ctx } from '../../platform/context.ts';
import { accessTo } from './project-access.ts';
import * as repository from './projects.repository.ts';
import type { ProjectsDeps as Deps } from './projects.deps.ts';

/** As many as the basket's row offers: a few things to finish the job, not a listing. */
const SUGGESTIONS_SHOWN = 6;

export async function completeYourBathroom(deps: Deps, ctx: Ctx, projectId: string): Promise<CompleteYourBathroom> {
  // The project and its lines in one read, as opening it reads them; signed out, nothing is read (the same 404).
  const opened = ctx.actor ? await repository.openProject(ctx.db, projectId, ctx.actor.userId) : undefined;
  await accessTo(deps, ctx, ctx.db, opened?.row);
  // Newest line first: what was added last leads, as a basket's line order does.
  const lines = opened!.lines;
  const [held, list] = await Promise.all([
    deps.catalogue.findSellableOfferings(
      ctx,
      lines.map((line) => line.sku),
      { keptFacts: true },
    ),
    deps.pricing.priceListFor(ctx),
  ]);
  const productIds = [...new Set(lines.flatMap((line) => held.get(line.sku)?.productId ?? []))];
  const cards = await deps.catalogue.completeYourBathroom(ctx, productIds, SUGGESTIONS_SHOWN);
  if (cards.length === 0) return { projectId, items: [] };
  // A card's sku is its product's default variant, the one "Add to project" adds; priced from its offering, as a line is.
  const offerings = await deps.catalogue.findSellableOfferings(
    ctx,
    cards.map((card) => card.sku),
    { keptFacts: true },
  );
  const items = cards.flatMap((card) => {
    const offering = offerings.get(card.sku);
    if (!offering) return [];
    const price = deps.pricing.unitPrice(offering, list);
    const { sku, id: productId, productName, slug: productSlug } = card;
    return [{ sku, productId, productName, productSlug, imageUrl: card.image.url, priceIncVat: price.incVat, priceExVat: price.exVat }];
  });
  return { projectId, items };
}
