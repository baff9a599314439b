import { formatPenceShort, type Wishlist, type WishlistNotice, type WishlistSetItemData } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { Actor, CallerContext } from '../../platform/context.ts';
import { formatInFours, newOpaqueId, parseReadableCode, readableCode } from '../../platform/readable-codes.ts';
import type { SellableOffering } from '../catalogue/index.ts';
import type { NotificationsService, RenderedEmail } from '../notifications/index.ts';
import type { PriceList, PricingService } from '../pricing/index.ts';
import { changesSinceLastSeen, describeItem, freshItem, MAX_ITEMS, MAX_QUANTITY, type Offer, type StoredItem } from './wishlist-items.ts';
import { WishlistErrors } from './wishlist.errors.ts';
import * as repository from './wishlist.repository.ts';
import type { WishlistRow } from './wishlist.repository.ts';
import type { WishlistDeps } from './wishlist.deps.ts';

/** `…/wishlist/mine`: a signed-in shopper's current wishlist, for a device that has no id yet. */
export const CURRENT_WISHLIST_ALIAS = 'mine';
export const SHARE_CODE_LENGTH = 8;

export interface EmailWishlistInput {
  emailAddress: string;
  senderName?: string;
  message?: string;
}

/**
 * Wishlists: guest wishlists by unguessable id, shoppers' by owner (a guest's is taken over on
 * sign-in), priced as the basket prices, named on save, shared by e-mail with a readable code that
 * gives whoever holds it a copy.
 */
export interface WishlistService {
  getWishlist(ctx: CallerContext, id: string): Promise<Wishlist>;
  createWishlist(ctx: CallerContext, input: WishlistSetItemData): Promise<Wishlist>;
  /** Adds a sku or changes its quantity or note. Out-of-stock products may be wished for; unknown skus not. */
  setItem(ctx: CallerContext, id: string, input: WishlistSetItemData): Promise<Wishlist>;
  removeItem(ctx: CallerContext, id: string, sku: string): Promise<Wishlist>;
  /** Prices and stock as they are now, saying what changed since the shopper last looked. */
  refreshWishlist(ctx: CallerContext, id: string, removeUnavailable: boolean): Promise<Wishlist>;
  /** Names the wishlist and gives it a share code. */
  saveWishlist(ctx: CallerContext, id: string, name: string): Promise<Wishlist>;
  /** E-mails the wishlist with its share link; the e-mail is queued in the same transaction. */
  emailWishlist(ctx: CallerContext, id: string, input: EmailWishlistInput): Promise<{ shareCode: string; shareUrl: string; emailedTo: string }>;
  /** A copy of a shared wishlist for whoever holds the code: a new wishlist, or added to one of the caller's. */
  retrieveWishlist(ctx: CallerContext, input: { shareCode: string; intoWishlistId?: string }): Promise<Wishlist>;
}

const shareUrl = (publicUrl: string, code: string) => `${publicUrl}/wishlist/shared?code=${encodeURIComponent(formatInFours(code))}`;

/** The offering a sku names, if it is still sold, at its price on the shopper's price list (trade prices for trade shoppers). */
function offer(pricing: PricingService, offerings: Map<string, SellableOffering>, list: PriceList, sku: string): Offer | undefined {
  const offering = offerings.get(sku);
  return offering && { offering, price: pricing.unitPrice(offering, list) };
}

function present(
  { pricing, publicUrl }: WishlistDeps,
  row: WishlistRow,
  items: readonly StoredItem[],
  offerings: Map<string, SellableOffering>,
  list: PriceList,
  notices: WishlistNotice[],
): Wishlist {
  const described = items.map((item) => describeItem(item, offer(pricing, offerings, list, item.sku)));
  const available = described.filter((item) => item.available);
  return {
    wishlistId: row.id,
    version: row.version,
    owner: row.ownerId ? 'shopper' : 'guest',
    name: row.name,
    shareCode: row.shareCode ? formatInFours(row.shareCode) : null,
    shareUrl: row.shareCode ? shareUrl(publicUrl, row.shareCode) : null,
    savedAt: row.savedAt?.toISOString() ?? null,
    items: described,
    totals: { itemCount: described.length, availableIncVat: available.reduce((sum, item) => sum + item.priceIncVat * item.quantity, 0) },
    notices,
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ── whose wishlist ──────────────────────────────────────────────────────────────────────────────

const mayRead = (row: WishlistRow, actor: Actor | null) => row.ownerId === null || row.ownerId === actor?.userId;

/**
 * Locks the wishlist a caller names and settles whose it is. Another shopper's wishlist is the same
 * 404 as an unknown id. A guest wishlist named with a token becomes the shopper's: merged into their
 * current wishlist (their own items win), or simply claimed when they have none.
 */
async function open(db: Database, actor: Actor | null, id: string, now: Date): Promise<{ row: WishlistRow; items: StoredItem[]; notices: WishlistNotice[] }> {
  if (id === CURRENT_WISHLIST_ALIAS) {
    if (!actor) throw WishlistErrors.notFound();
    const current =
      (await repository.lockCurrentWishlistOf(db, actor.userId)) ?? (await repository.insertWishlist(db, { id: newOpaqueId(), ownerId: actor.userId, now }));
    return { row: current, items: await repository.findItems(db, current.id), notices: [] };
  }
  const row = await repository.lockWishlist(db, id);
  if (!row || !mayRead(row, actor)) throw WishlistErrors.notFound();
  const items = await repository.findItems(db, row.id);
  if (row.ownerId !== null || !actor) return { row, items, notices: [] };

  const target = await repository.lockCurrentWishlistOf(db, actor.userId);
  if (!target) {
    const claimed = await repository.updateWishlist(db, row.id, { ownerId: actor.userId }, now);
    return { row: claimed, items, notices: [{ type: 'merged', message: 'The wishlist you started before signing in is now saved to your account.' }] };
  }
  const targetItems = await repository.findItems(db, target.id);
  const have = new Set(targetItems.map((item) => item.sku));
  const added = items.filter((item) => !have.has(item.sku));
  const merged = [...targetItems, ...added].slice(0, MAX_ITEMS);
  await repository.writeItems(db, target.id, targetItems, merged);
  await repository.deleteWishlist(db, row.id);
  const message = `We added ${added.length} product${added.length === 1 ? '' : 's'} from the wishlist you started before signing in.`;
  return { row: target, items: merged, notices: [{ type: 'merged', from: items.length, to: merged.length, message }] };
}

type RowFields = Partial<Pick<WishlistRow, 'name' | 'shareCode' | 'savedAt'>>;

interface Change {
  /** The items wanted, from the current ones; may throw a refusal before anything is written. */
  items?: (current: StoredItem[], offerings: Map<string, SellableOffering>, notices: WishlistNotice[]) => StoredItem[];
  skus?: readonly string[];
  /** Row fields to set (name, share code). */
  row?: (row: WishlistRow, db: Database) => Promise<RowFields> | RowFields;
  refresh?: { removeUnavailable: boolean };
}

/** Every change runs here, in one transaction holding the wishlist's row lock: parallel changes queue. */
async function change(deps: WishlistDeps, ctx: CallerContext, id: string, what: Change): Promise<Wishlist> {
  const now = ctx.clock.now();
  const list = await deps.pricing.priceListFor(ctx);
  return ctx.db.transaction(async (db) => {
    const { row, items: before, notices } = await open(db, ctx.actor, id, now);
    return apply(deps, db, row, before, notices, what, list, now);
  });
}

async function apply(
  deps: WishlistDeps,
  db: Database,
  row: WishlistRow,
  before: StoredItem[],
  notices: WishlistNotice[],
  what: Change,
  list: PriceList,
  now: Date,
): Promise<Wishlist> {
  const offerings = await deps.catalogue.findSellableOfferings({ db }, [...before.map((item) => item.sku), ...(what.skus ?? [])]);
  let after = what.items ? what.items(before, offerings, notices) : before;
  if (after.length > MAX_ITEMS) throw WishlistErrors.tooManyItems();
  if (what.refresh) after = refreshItems(deps.pricing, after, offerings, list, what.refresh.removeUnavailable, notices);
  await repository.writeItems(db, row.id, before, after);
  const fields = what.row ? await what.row(row, db) : {};
  const updated = await repository.updateWishlist(db, row.id, fields, now);
  return present(deps, updated, after, offerings, list, notices);
}

function refreshItems(
  pricing: PricingService,
  items: StoredItem[],
  offerings: Map<string, SellableOffering>,
  list: PriceList,
  removeUnavailable: boolean,
  notices: WishlistNotice[],
): StoredItem[] {
  const kept: StoredItem[] = [];
  for (const item of items) {
    const now = describeItem(item, offer(pricing, offerings, list, item.sku));
    if (removeUnavailable && now.unavailableReason === 'sku_not_found') {
      notices.push({ type: 'removed', sku: item.sku, message: `${item.sku} is no longer sold and has been removed.` });
      continue;
    }
    notices.push(...changesSinceLastSeen(item, now));
    kept.push({ ...item, lastSeenIncVat: now.priceIncVat, lastSeenAvailable: now.available });
  }
  return kept;
}

function checkQuantity(sku: string, quantity: number): void {
  if (!Number.isInteger(quantity)) throw WishlistErrors.quantityNotWhole(sku);
  if (quantity < 1 || quantity > MAX_QUANTITY) throw WishlistErrors.quantityOutOfRange(sku);
}

/** Adds a sku or changes its quantity or note. Out-of-stock products may be wished for; unknown skus not. */
function setting(pricing: PricingService, input: WishlistSetItemData, list: PriceList, now: Date): Change {
  checkQuantity(input.sku, input.quantity);
  return {
    skus: [input.sku],
    items: (current, offerings) => {
      const offering = offerings.get(input.sku);
      const existing = current.find((item) => item.sku === input.sku);
      if (existing) {
        return current.map((item) =>
          item === existing ? { ...item, quantity: input.quantity, note: input.note === undefined ? item.note : input.note || null } : item,
        );
      }
      if (!offering) throw WishlistErrors.skuUnknown(input.sku);
      return [
        freshItem(offering.sku, offer(pricing, offerings, list, offering.sku), { quantity: input.quantity, note: input.note || null, addedAt: now }),
        ...current,
      ];
    },
  };
}

// ── the calls ───────────────────────────────────────────────────────────────────────────────────

async function getWishlist(deps: WishlistDeps, ctx: CallerContext, id: string): Promise<Wishlist> {
  const row =
    id === CURRENT_WISHLIST_ALIAS ? ctx.actor && (await repository.findCurrentWishlistOf(ctx.db, ctx.actor.userId)) : await repository.findWishlist(ctx.db, id);
  // Taking over a guest wishlist, or creating a shopper's first, writes; a plain read does not.
  if (ctx.actor && (!row ? id === CURRENT_WISHLIST_ALIAS : row.ownerId === null)) return change(deps, ctx, id, {});
  if (!row || !mayRead(row, ctx.actor)) throw WishlistErrors.notFound();
  const items = await repository.findItems(ctx.db, row.id);
  const offerings = await deps.catalogue.findSellableOfferings(
    ctx,
    items.map((item) => item.sku),
  );
  return present(deps, row, items, offerings, await deps.pricing.priceListFor(ctx), []);
}

/** A new, empty wishlist for the caller, then the change: creation and first item are one transaction. */
async function create(deps: WishlistDeps, ctx: CallerContext, what: Change): Promise<Wishlist> {
  const now = ctx.clock.now();
  const list = await deps.pricing.priceListFor(ctx);
  return ctx.db.transaction(async (db) => {
    const row = await repository.insertWishlist(db, { id: newOpaqueId(), ownerId: ctx.actor?.userId ?? null, now });
    return apply(deps, db, row, [], [], what, list, now);
  });
}

async function createWishlist(deps: WishlistDeps, ctx: CallerContext, input: WishlistSetItemData): Promise<Wishlist> {
  return create(deps, ctx, setting(deps.pricing, input, await deps.pricing.priceListFor(ctx), ctx.clock.now()));
}

async function setItem(deps: WishlistDeps, ctx: CallerContext, id: string, input: WishlistSetItemData): Promise<Wishlist> {
  return change(deps, ctx, id, setting(deps.pricing, input, await deps.pricing.priceListFor(ctx), ctx.clock.now()));
}

function removeItem(deps: WishlistDeps, ctx: CallerContext, id: string, sku: string): Promise<Wishlist> {
  return change(deps, ctx, id, {
    items: (current) => {
      if (!current.some((item) => item.sku === sku)) throw WishlistErrors.itemNotFound(sku);
      return current.filter((item) => item.sku !== sku);
    },
  });
}

function refreshWishlist(deps: WishlistDeps, ctx: CallerContext, id: string, removeUnavailable: boolean): Promise<Wishlist> {
  return change(deps, ctx, id, { refresh: { removeUnavailable } });
}

/** An unused share code (5×10¹¹ codes: a clash is rare, but must not become a duplicate). */
async function newShareCode(db: Database): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = readableCode(SHARE_CODE_LENGTH);
    if (!(await repository.findByShareCode(db, code))) return code;
  }
  throw new Error('Could not draw an unused share code in 5 attempts');
}

function saveWishlist(deps: WishlistDeps, ctx: CallerContext, id: string, name: string): Promise<Wishlist> {
  return change(deps, ctx, id, {
    row: async (row, db) => ({ name, savedAt: ctx.clock.now(), shareCode: row.shareCode ?? (await newShareCode(db)) }),
  });
}

async function emailWishlist(
  deps: WishlistDeps,
  ctx: CallerContext,
  id: string,
  input: EmailWishlistInput,
): Promise<{ shareCode: string; shareUrl: string; emailedTo: string }> {
  const { notifications } = deps;
  const to = input.emailAddress.trim();
  if (!notifications.isSendableAddress(to)) throw WishlistErrors.invalidEmail();
  const now = ctx.clock.now();
  const list = await deps.pricing.priceListFor(ctx);
  return ctx.db.transaction(async (db) => {
    const { row, items } = await open(db, ctx.actor, id, now);
    if (items.length === 0) throw WishlistErrors.empty();
    const shareCode = row.shareCode ?? (await newShareCode(db));
    const updated = await repository.updateWishlist(db, row.id, { shareCode }, now);
    const offerings = await deps.catalogue.findSellableOfferings(
      { db },
      items.map((item) => item.sku),
    );
    const wishlist = present(deps, updated, items, offerings, list, []);
    // Keyed by the new version: a retried request cannot queue the same e-mail twice.
    await notifications.enqueueEmail(
      { db },
      { to, ...wishlistEmail(notifications, wishlist, input), template: 'wishlist.shared', dedupeKey: `wishlist.shared:${row.id}:${updated.version}` },
    );
    return { shareCode: wishlist.shareCode!, shareUrl: wishlist.shareUrl!, emailedTo: to };
  });
}

const EMAIL_ITEM_LIMIT = 20;

function wishlistEmail(notifications: NotificationsService, wishlist: Wishlist, input: Pick<EmailWishlistInput, 'senderName' | 'message'>): RenderedEmail {
  const from = input.senderName ?? 'Someone';
  const listed = wishlist.items.slice(0, EMAIL_ITEM_LIMIT).map((item) => {
    const price = item.available ? formatPenceShort(item.priceIncVat) : 'currently unavailable';
    return `• ${item.quantity > 1 ? `${item.quantity} × ` : ''}${item.productName}${item.label ? ` (${item.label})` : ''}: ${price}`;
  });
  const more = wishlist.items.length - listed.length;
  return notifications.renderEmail({
    subject: `${from} shared a wishlist with you${wishlist.name ? `: ${wishlist.name}` : ''}`,
    preheader: `${wishlist.items.length} product${wishlist.items.length === 1 ? '' : 's'} from Plumbline. Share code ${wishlist.shareCode}.`,
    heading: wishlist.name ? `Wishlist: ${wishlist.name}` : 'A wishlist from Plumbline',
    paragraphs: [
      `${from} shared ${wishlist.items.length === 1 ? 'this product' : `these ${wishlist.items.length} products`} with you:`,
      ...(input.message ? [`“${input.message}”`] : []),
      ...listed,
      ...(more > 0 ? [`…and ${more} more.`] : []),
      `Open the link to see today’s prices and stock and keep a copy as your own wishlist, or enter the code ${wishlist.shareCode} on the wishlist page.`,
    ],
    action: { label: 'View the wishlist', url: wishlist.shareUrl! },
    footnote: 'You are receiving this because someone entered your address on Plumbline to share a wishlist. We have not added you to any mailing list.',
  });
}

/**
 * A copy of a shared wishlist for whoever holds the code: a new wishlist, or the shared products
 * added to one of the caller's (theirs win). Prices "when added" are today's.
 */
async function retrieveWishlist(deps: WishlistDeps, ctx: CallerContext, input: { shareCode: string; intoWishlistId?: string }): Promise<Wishlist> {
  const code = parseReadableCode(input.shareCode, SHARE_CODE_LENGTH);
  const shared = code ? await repository.findByShareCode(ctx.db, code) : undefined;
  if (!shared) throw WishlistErrors.shareCodeNotFound();
  const sourceItems = await repository.findItems(ctx.db, shared.id);
  const list = await deps.pricing.priceListFor(ctx);
  const now = ctx.clock.now();
  const copying = (current: StoredItem[], offerings: Map<string, SellableOffering>) => {
    const have = new Set(current.map((item) => item.sku));
    const added = sourceItems
      .filter((item) => !have.has(item.sku))
      .map((item) => freshItem(item.sku, offer(deps.pricing, offerings, list, item.sku), { quantity: item.quantity, note: item.note, addedAt: now }));
    return [...added, ...current];
  };
  const skus = sourceItems.map((item) => item.sku);
  if (!input.intoWishlistId) return create(deps, ctx, { skus, items: copying, row: () => ({ name: shared.name }) });
  return change(deps, ctx, input.intoWishlistId, {
    skus,
    items: (current, offerings, notices) => {
      const after = copying(current, offerings);
      const added = after.length - current.length;
      notices.push({
        type: 'merged',
        from: current.length,
        to: after.length,
        message: `We added ${added} product${added === 1 ? '' : 's'} from the shared wishlist.`,
      });
      return after;
    },
  });
}

export function createWishlistService(deps: WishlistDeps): WishlistService {
  return {
    getWishlist: (ctx, id) => getWishlist(deps, ctx, id),
    createWishlist: (ctx, input) => createWishlist(deps, ctx, input),
    setItem: (ctx, id, input) => setItem(deps, ctx, id, input),
    removeItem: (ctx, id, sku) => removeItem(deps, ctx, id, sku),
    refreshWishlist: (ctx, id, removeUnavailable) => refreshWishlist(deps, ctx, id, removeUnavailable),
    saveWishlist: (ctx, id, name) => saveWishlist(deps, ctx, id, name),
    emailWishlist: (ctx, id, input) => emailWishlist(deps, ctx, id, input),
    retrieveWishlist: (ctx, input) => retrieveWishlist(deps, ctx, input),
  };
}
