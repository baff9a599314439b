/**
 * A product's essential items and a bundle's contents as staff edit them (issue 42): each added,
 * changed where it is, removed and put in order under the product's version (a 409 for a stale one) and in its change
 * list, as its other edits are (decision 0087). An item is named by a variant code; the product page
 * lists essentials required first, each kind in its order (`listEssentialItems`), and a bundle's
 * contents in theirs under "What's in the set".
 */
import {
  MAX_BUNDLE_ITEMS,
  MAX_ESSENTIALS,
  type AddStaffBundleItem,
  type AddStaffEssential,
  type ChangeStaffBundleItem,
  type ChangeStaffEssential,
  type MoveStaffItem,
} from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import type { Transaction } from '../../db/client.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import { actorOf, underVersion } from './product-editor.ts';
import { findProduct, insertAudit } from './repository/product-editor.ts';
import * as repository from './repository/product-essentials.ts';

type Db = CallerContext['db'];
type Item = NonNullable<Awaited<ReturnType<typeof repository.findItem>>>;

const named = (item: Pick<Item, 'productName' | 'sku'>) => `“${item.productName}” (${item.sku})`;
const quantityWords = (quantity: number) => (quantity === 1 ? '' : `, ${quantity} of them`);

/**
 * Runs `change` under the product's version (an unknown product is a 404 first), and records the line
 * it returns in the product's change list; null records nothing (nothing changed).
 */
async function editing(ctx: CallerContext, id: number, version: number, change: (tx: Transaction) => Promise<string | null>): Promise<void> {
  if (!(await findProduct(ctx.db, id))) throw CatalogueErrors.productIdNotFound(id);
  await underVersion(ctx, id, version, async (tx) => {
    const what = await change(tx);
    if (what) await insertAudit(tx, [{ productId: id, at: ctx.clock.now(), ...actorOf(ctx), what }]);
  });
}

/** The item a code names, if staff may add it to product `id`: another product's variant, on sale. */
async function itemToAdd(db: Db, id: number, sku: string): Promise<Item> {
  const item = await repository.findItem(db, sku);
  if (!item) throw CatalogueErrors.itemSkuNotFound(sku);
  if (item.productId === id) throw CatalogueErrors.itemIsThisProduct();
  if (item.withdrawn) throw CatalogueErrors.itemWithdrawn(named(item));
  return item;
}

/** `list` with the entry at `index` moved to `place` (1 the first); a place past the last is refused. */
function movedTo<T>(list: readonly T[], index: number, place: number): T[] | null {
  if (place > list.length) throw CatalogueErrors.itemPlaceOutOfRange(list.length);
  if (place === index + 1) return null;
  const moved = list.filter((_, at) => at !== index);
  moved.splice(place - 1, 0, list[index]!);
  return moved;
}

const placeWords = (place: number) => (place === 1 ? 'first place' : `place ${place}`);

/**
 * Whose essential items an edit is of, the edit always being of product `id` (its version, its change
 * list): the product's own, or those one of its items needs within it when `id` is a bundle (decision 0125).
 */
interface Owner {
  productId: number;
  bundleProductId: number | null;
  /** How the change list names the list: "Essential item", or "… of “Bath” (PL1-1) within the bundle". */
  words: string;
}
const own = (id: number): Owner => ({ productId: id, bundleProductId: null, words: 'Essential item' });

/**
 * The bundle's item a code names, as the owner of what it needs within the bundle: an unknown bundle is
 * a 404 on `id`, an item it does not hold one on `sku`.
 */
async function withinBundle(db: Db, id: number, sku: string): Promise<Owner> {
  if (!(await repository.isBundle(db, id))) throw CatalogueErrors.bundleIdNotFound(id);
  const { item } = await bundleItemOf(db, id, sku);
  return { productId: item.productId, bundleProductId: id, words: `Essential item of ${named(item)} within the bundle` };
}

async function addEssential(ctx: CallerContext, id: number, owner: Owner, body: AddStaffEssential): Promise<void> {
  const item = await itemToAdd(ctx.db, id, body.sku);
  if (item.productId === owner.productId) throw CatalogueErrors.itemIsThisProduct();
  await editing(ctx, id, body.version, async (tx) => {
    const essentials = await repository.essentialsOf(tx, owner.productId, owner.bundleProductId);
    if (essentials.some((essential) => essential.productId === item.productId)) throw CatalogueErrors.essentialAlreadyListed(named(item));
    if (essentials.length >= MAX_ESSENTIALS) throw CatalogueErrors.tooManyEssentials(MAX_ESSENTIALS);
    const ofKind = essentials.filter((essential) => essential.requirement === body.requirement);
    const added = await repository.insertEssential(tx, {
      productId: owner.productId,
      bundleProductId: owner.bundleProductId,
      itemOfferingId: item.offeringId,
      requirement: body.requirement,
      quantity: body.quantity,
      compatibilityRule: body.compatibilityRule,
    });
    // Its kind's places made whole, so the new item is last of its kind whatever places the seed's rows had.
    await repository.setEssentialOrder(tx, owner.productId, [...ofKind.map((essential) => essential.id), added]);
    return `${owner.words} added: ${named(item)}, ${body.requirement}${quantityWords(body.quantity)}, “${body.compatibilityRule}”`;
  });
}

/**
 * Changes an essential item where it is (decision 0120): required or recommended, its quantity, why it
 * fits. Made the other kind, it is listed last of its new kind, as one added is.
 */
async function changeEssential(ctx: CallerContext, id: number, owner: Owner, essentialId: number, body: ChangeStaffEssential): Promise<void> {
  await editing(ctx, id, body.version, async (tx) => {
    const essentials = await repository.essentialsOf(tx, owner.productId, owner.bundleProductId);
    const essential = essentials.find((row) => row.id === essentialId);
    if (!essential) throw CatalogueErrors.essentialNotFound();
    const after = {
      requirement: body.requirement ?? essential.requirement,
      quantity: body.quantity ?? essential.quantity,
      compatibilityRule: body.compatibilityRule ?? essential.compatibilityRule,
    };
    const changes = [
      ...(after.requirement === essential.requirement ? [] : [`${essential.requirement} → ${after.requirement}`]),
      ...(after.quantity === essential.quantity ? [] : [`quantity ${essential.quantity} → ${after.quantity}`]),
      ...(after.compatibilityRule === essential.compatibilityRule ? [] : [`why it fits “${essential.compatibilityRule}” → “${after.compatibilityRule}”`]),
    ];
    if (changes.length === 0) return null;
    await repository.updateEssential(tx, essential.id, after);
    if (after.requirement !== essential.requirement) {
      const ofKind = essentials.filter((row) => row.requirement === after.requirement);
      await repository.setEssentialOrder(tx, owner.productId, [...ofKind.map((row) => row.id), essential.id]);
    }
    return `${owner.words} ${named(essential)} changed: ${changes.join(', ')}`;
  });
}

async function removeEssential(ctx: CallerContext, id: number, owner: Owner, essentialId: number, version: number): Promise<void> {
  await editing(ctx, id, version, async (tx) => {
    const essential = (await repository.essentialsOf(tx, owner.productId, owner.bundleProductId)).find((row) => row.id === essentialId);
    if (!essential) throw CatalogueErrors.essentialNotFound();
    await repository.deleteEssential(tx, essential.id);
    return `${owner.words} removed: ${named(essential)}, ${essential.requirement}`;
  });
}

export const addStaffEssential = (ctx: CallerContext, id: number, body: AddStaffEssential) => addEssential(ctx, id, own(id), body);
export const changeStaffEssential = (ctx: CallerContext, id: number, essentialId: number, body: ChangeStaffEssential) =>
  changeEssential(ctx, id, own(id), essentialId, body);
export const removeStaffEssential = (ctx: CallerContext, id: number, essentialId: number, version: number) =>
  removeEssential(ctx, id, own(id), essentialId, version);

/** What a bundle's item needs within that bundle only, edited under the bundle's version and in its change list. */
export async function addStaffBundleEssential(ctx: CallerContext, id: number, sku: string, body: AddStaffEssential): Promise<void> {
  await addEssential(ctx, id, await withinBundle(ctx.db, id, sku), body);
}
export async function changeStaffBundleEssential(ctx: CallerContext, id: number, sku: string, essentialId: number, body: ChangeStaffEssential): Promise<void> {
  await changeEssential(ctx, id, await withinBundle(ctx.db, id, sku), essentialId, body);
}
export async function removeStaffBundleEssential(ctx: CallerContext, id: number, sku: string, essentialId: number, version: number): Promise<void> {
  await removeEssential(ctx, id, await withinBundle(ctx.db, id, sku), essentialId, version);
}

/** Moves an essential item among those of its kind: required items are always listed before recommended ones. */
export async function moveStaffEssential(ctx: CallerContext, id: number, essentialId: number, body: MoveStaffItem): Promise<void> {
  await editing(ctx, id, body.version, async (tx) => {
    const essentials = await repository.essentialsOf(tx, id);
    const essential = essentials.find((row) => row.id === essentialId);
    if (!essential) throw CatalogueErrors.essentialNotFound();
    const ofKind = essentials.filter((row) => row.requirement === essential.requirement);
    const moved = movedTo(ofKind, ofKind.indexOf(essential), body.place);
    if (!moved) return null;
    await repository.setEssentialOrder(
      tx,
      id,
      moved.map((row) => row.id),
    );
    return `Essential item ${named(essential)} moved to ${placeWords(body.place)} of the ${essential.requirement} items`;
  });
}

export async function addStaffBundleItem(ctx: CallerContext, id: number, body: AddStaffBundleItem): Promise<void> {
  if ((await findProduct(ctx.db, id)) && !(await repository.isBundle(ctx.db, id))) throw CatalogueErrors.notABundle();
  const item = await itemToAdd(ctx.db, id, body.sku);
  if (item.isBundle) throw CatalogueErrors.bundleInBundle(named(item));
  await editing(ctx, id, body.version, async (tx) => {
    const items = await repository.bundleItemsOf(tx, id);
    if (items.some((held) => held.productId === item.productId)) throw CatalogueErrors.bundleItemAlreadyIn(named(item));
    if (items.length >= MAX_BUNDLE_ITEMS) throw CatalogueErrors.tooManyBundleItems(MAX_BUNDLE_ITEMS);
    await repository.insertBundleItem(tx, { bundleProductId: id, offeringId: item.offeringId, quantity: body.quantity });
    // Its places made whole, so the new item is last whatever order the seed's rows had.
    await repository.setBundleOrder(tx, id, [...items.map((held) => held.offeringId), item.offeringId]);
    return `Bundle item added: ${named(item)}${quantityWords(body.quantity)}`;
  });
}

/** The bundle's items and the one a code names (a 404 when the bundle does not hold it). */
async function bundleItemOf(db: Db, id: number, sku: string) {
  const items = await repository.bundleItemsOf(db, id);
  const index = items.findIndex((held) => held.sku.toLowerCase() === sku.toLowerCase());
  if (index < 0) throw CatalogueErrors.bundleItemNotFound(sku);
  return { items, index, item: items[index]! };
}

export async function removeStaffBundleItem(ctx: CallerContext, id: number, sku: string, version: number): Promise<void> {
  await editing(ctx, id, version, async (tx) => {
    const { items, item } = await bundleItemOf(tx, id, sku);
    await repository.deleteBundleItem(tx, id, item.offeringId);
    // What it needed within the bundle goes with it, unless another of its variants stays in the bundle.
    if (!items.some((held) => held !== item && held.productId === item.productId)) await repository.deleteEssentialsWithinBundle(tx, id, item.productId);
    return `Bundle item removed: ${named(item)}`;
  });
}

/** Changes how many of an item the bundle holds, where it is in the list. */
export async function changeStaffBundleItem(ctx: CallerContext, id: number, sku: string, body: ChangeStaffBundleItem): Promise<void> {
  await editing(ctx, id, body.version, async (tx) => {
    const { item } = await bundleItemOf(tx, id, sku);
    if (item.quantity === body.quantity) return null;
    await repository.setBundleItemQuantity(tx, id, item.offeringId, body.quantity);
    return `Bundle item ${named(item)} changed: quantity ${item.quantity} → ${body.quantity}`;
  });
}

export async function moveStaffBundleItem(ctx: CallerContext, id: number, sku: string, body: MoveStaffItem): Promise<void> {
  await editing(ctx, id, body.version, async (tx) => {
    const { items, index, item } = await bundleItemOf(tx, id, sku);
    const moved = movedTo(items, index, body.place);
    if (!moved) return null;
    await repository.setBundleOrder(
      tx,
      id,
      moved.map((held) => held.offeringId),
    );
    return `Bundle item ${named(item)} moved to ${placeWords(body.place)}`;
  });
}
