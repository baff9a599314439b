/**
 * A variant's pictures, once added (`product-additions.ts`): removed, and put in order, each under the
 * product's version and in its change list (decision 0108). A picture's place is among its variant's
 * pictures, 1 the first: the one the product page shows first for that finish.
 */
import { productImageIdOf, type MoveStaffVariantImage } from '@shop/contracts';
import type { Transaction } from '../../db/client.ts';
import type { CallerContext, ServiceContext } from '../../platform/context.ts';
import type { CatalogueDeps } from './catalogue.deps.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import { actorOf, underVersion } from './product-editor.ts';
import * as repository from './repository/product-editor.ts';

interface PictureStep {
  id: number;
  sku: string;
  imageId: number;
  version: number;
}

/**
 * Runs `change` under the product's version with the product's pictures as they are now, the
 * variant's among them, and the picture named (a 404 when the variant has no such picture); `change`
 * returns the change-list line, or null when nothing changed.
 */
async function withPicture(
  ctx: CallerContext,
  step: PictureStep,
  change: (tx: Transaction, pictures: { all: Picture[]; variant: Picture[]; index: number; picture: Picture; named: string }) => Promise<string | null>,
): Promise<Picture> {
  if (!(await repository.findProduct(ctx.db, step.id))) throw CatalogueErrors.productIdNotFound(step.id);
  const variant = (await repository.variantsWithPrices(ctx.db, step.id)).find((candidate) => candidate.sku === step.sku);
  if (!variant) throw CatalogueErrors.notThisProductsSku('sku', step.sku);
  return underVersion(ctx, step.id, step.version, async (tx) => {
    const all = await repository.imagesOf(tx, step.id);
    const own = all.filter((image) => image.offeringId === variant.offeringId);
    const index = own.findIndex((image) => image.id === step.imageId);
    if (index < 0) throw CatalogueErrors.variantImageNotFound(step.sku);
    const picture = own[index]!;
    const what = await change(tx, { all, variant: own, index, picture, named: `Picture ${index + 1} of ${step.sku} “${variant.label}”` });
    if (what) await repository.insertAudit(tx, [{ productId: step.id, at: ctx.clock.now(), ...actorOf(ctx), what }]);
    return picture;
  });
}

type Picture = Awaited<ReturnType<typeof repository.imagesOf>>[number];

/**
 * Takes the picture off its variant. A file staff uploaded is deleted through files once no picture
 * row names it, after the removal is committed (the store is outside the transaction); a demo
 * drawing is part of the shop and shared by many products, so it only leaves this variant.
 */
export async function removeStaffVariantImage(
  deps: CatalogueDeps,
  ctx: CallerContext & Partial<Pick<ServiceContext, 'log'>>,
  step: PictureStep,
): Promise<void> {
  const removed = await withPicture(ctx, step, async (tx, { picture, named }) => {
    await repository.deleteImage(tx, picture.id);
    return `${named} removed`;
  });
  const fileId = productImageIdOf(removed.url);
  if (fileId === null || (await repository.isProductImage(ctx.db, removed.url))) return;
  // The picture is gone from the product either way: a store that fails now leaves a file nothing shows or serves.
  await deps.files.remove(ctx, fileId).catch((failure: unknown) => {
    ctx.log?.error({ err: failure, fileId }, 'The file store failed to delete a removed product picture');
  });
}

/** Moves the picture to `place` among its variant's pictures; the product's other pictures keep their order. */
export async function moveStaffVariantImage(ctx: CallerContext, step: PictureStep, body: MoveStaffVariantImage): Promise<void> {
  await withPicture(ctx, { ...step, version: body.version }, async (tx, { all, variant, index, picture, named }) => {
    if (body.place > variant.length) throw CatalogueErrors.imagePlaceOutOfRange(variant.length);
    if (body.place === index + 1) return null;
    const reordered = variant.filter((image) => image !== picture);
    reordered.splice(body.place - 1, 0, picture);
    // The variant's pictures take the product-wide places they held between them, in their new order.
    const next = reordered.values();
    const order = all.map((image) => (image.offeringId === picture.offeringId ? next.next().value! : image).id);
    await repository.setImageOrder(tx, step.id, order);
    return `${named} moved to ${body.place === 1 ? 'first place' : `place ${body.place}`}`;
  });
}
