/**
 * Saved baskets: a basket's state kept under a retrieval code for SAVED_BASKET_DAYS, e-mailed on
 * request, and copied into a new basket for whoever holds the code.
 */
import { londonLongDate, SAVED_BASKET_DAYS, type Basket, type SavedBasket } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import type { CallerContext as Ctx } from '../../platform/context.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { create, readable, type Item } from './basket-changes.ts';
import { BasketErrors } from './basket.errors.ts';
import * as repository from './basket.repository.ts';
import type { SavedBasketRow } from './basket.repository.ts';
import { formatRetrievalCode, newRetrievalCode, normaliseRetrievalCode, RETRIEVAL_CODE_ATTEMPTS } from './retrieval-code.ts';
import type { BasketDeps as Deps } from './basket.deps.ts';

const retrieveUrl = (publicUrl: string, code: string) => `${publicUrl}/basket/retrieve?code=${encodeURIComponent(formatRetrievalCode(code))}`;

/** The same lines (in any order) and the same discount code: the state a saved basket holds. */
function sameState(saved: SavedBasketRow, lines: readonly Item[], discountCode: string | null): boolean {
  const key = (items: readonly Item[]) =>
    items
      .map(({ sku, quantity }) => `${sku}×${quantity}`)
      .toSorted()
      .join(' ');
  return saved.discountCode === discountCode && key(saved.lines) === key(lines);
}

/**
 * Saves the basket's current state under a retrieval code. A state saved before keeps its code (its
 * 30 days start again): pressing "Save basket" twice, or e-mailing the code after saving, gives one
 * code. Saves of one basket queue on its row, so two at once cannot draw two codes either.
 * Runs in the caller's transaction.
 */
async function save(deps: Deps, db: Database, ctx: Ctx, basketId: string): Promise<{ code: string; expiresAt: Date; result: SavedBasket }> {
  const source = await readable({ ...ctx, db }, basketId);
  const row = await repository.lockBasket(db, source.row.id);
  // Placed as an order between the read and the lock.
  if (!row) throw BasketErrors.notFound();
  const lines = (await repository.findLines(db, row.id)).map(({ sku, quantity }) => ({ sku, quantity }));
  if (lines.length === 0) throw BasketErrors.empty();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SAVED_BASKET_DAYS * 86_400_000);
  const saved = (code: string) => ({
    code,
    expiresAt,
    result: { retrievalCode: formatRetrievalCode(code), expiresAt: expiresAt.toISOString(), retrieveUrl: retrieveUrl(deps.publicUrl, code), emailedTo: null },
  });
  const before = (await repository.findLiveSavedBasketsOf(db, row.id, now)).find((entry) => sameState(entry, lines, row.discountCode));
  if (before) {
    await repository.extendSavedBasket(db, before.retrievalCode, expiresAt);
    return saved(before.retrievalCode);
  }
  const draw = deps.newRetrievalCode ?? newRetrievalCode;
  // A code already taken is not inserted (nothing else changes), and another is drawn.
  for (let attempt = 0; attempt < RETRIEVAL_CODE_ATTEMPTS; attempt++) {
    const code = draw();
    const inserted = await repository.insertSavedBasket(db, {
      retrievalCode: code,
      sourceBasketId: row.id,
      ownerId: row.ownerId,
      lines,
      discountCode: row.discountCode,
      createdAt: now,
      expiresAt,
    });
    if (inserted) return saved(code);
  }
  throw BasketErrors.saveUnavailable();
}

export function saveBasket(deps: Deps, ctx: Ctx, basketId: string): Promise<SavedBasket> {
  return ctx.db.transaction(async (tx) => (await save(deps, tx, ctx, basketId)).result);
}

export async function sendBasketSavedEmail(deps: Deps, ctx: Ctx, input: { basketId: string; emailAddress: string }): Promise<SavedBasket> {
  const { notifications } = deps;
  const to = input.emailAddress.trim();
  if (!notifications.isSendableAddress(to)) throw BasketErrors.invalidEmail();
  return ctx.db.transaction(async (db) => {
    const saved = await save(deps, db, ctx, input.basketId);
    const email = basketSavedEmail(notifications, saved.result, saved.expiresAt);
    // Written in the same transaction as the saved basket: no code without its e-mail, or the reverse.
    // A second press of "Send e-mail" the same day queues nothing more; another address gets its own.
    const day = saved.expiresAt.toISOString().slice(0, 10);
    await notifications.enqueueEmail({ db }, { to, ...email, template: 'basket.saved', dedupeKey: `basket.saved:${saved.code}:${to.toLowerCase()}:${day}` });
    return { ...saved.result, emailedTo: to };
  });
}

function basketSavedEmail(notifications: NotificationsService, saved: SavedBasket, expiresAt: Date) {
  const until = londonLongDate(expiresAt);
  return notifications.renderEmail({
    subject: `Your saved basket: ${saved.retrievalCode}`,
    preheader: `Retrieval code ${saved.retrievalCode}, valid until ${until}.`,
    heading: 'Your basket is saved',
    paragraphs: [
      `Your retrieval code is ${saved.retrievalCode}.`,
      `Open the link below on any device, or give the code to our team by phone, to pick up where you left off. The code works until ${until}.`,
      'Prices and stock are checked again when you retrieve the basket.',
    ],
    action: { label: 'Open my saved basket', url: saved.retrieveUrl },
    footnote: 'You are receiving this because someone saved a basket on Plumbline and asked us to e-mail it to this address.',
  });
}

/** A new basket copied from a saved one, for whoever holds the code. */
export async function retrieveBasket(deps: Deps, ctx: Ctx, input: string): Promise<Basket> {
  const code = normaliseRetrievalCode(input);
  const saved = code ? await repository.findSavedBasket(ctx.db, code) : undefined;
  if (!saved) throw BasketErrors.retrievalCodeNotFound();
  if (saved.expiresAt <= ctx.clock.now()) throw BasketErrors.retrievalCodeExpired();
  return create(deps, ctx, { lines: () => saved.lines, skus: saved.lines.map((line) => line.sku), refresh: true }, saved.discountCode);
}
