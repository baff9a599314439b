/**
 * Checkout's steps, each read once and answered from what was read or saved: the checkout as it
 * stands (the basket priced with the delivery it goes by), the delivery options to its address,
 * and the shopper's contact, addresses and delivery option.
 */
import { storedAddress, type Address, type BasketDeliveryOptions, type Checkout, type SpecificDayCalendar } from '@shop/contracts';
import type { CallerContext } from '../../platform/context.ts';
import { BasketErrors, CURRENT_BASKET_ALIAS, type BasketForCheckout, type PricedBasket } from '../basket/index.ts';
import { ZONE_RULES, type AvailableOption, type DeliveryOption, type DeliveryOptionCode, type DeliveryZone, type Postcode } from '../delivery/index.ts';
import type { ChosenDelivery } from '../pricing/index.ts';
import { CheckoutErrors } from './checkout.errors.ts';
import * as repository from './checkout.repository.ts';
import type { CheckoutRow } from './checkout.repository.ts';
import type { ContactDetails } from './checkout.tables.ts';
import type { CheckoutDeps } from './checkout.deps.ts';

export type Ctx = CallerContext;

type Deps = CheckoutDeps;

/** Countries for addresses: we deliver within the UK; the Crown Dependencies are by quotation or not served. */
export const COUNTRIES = [
  { code: 'GB', name: 'United Kingdom', served: true, note: null },
  { code: 'IM', name: 'Isle of Man', served: false, note: 'Delivery by quotation: contact us.' },
  { code: 'JE', name: 'Jersey', served: false, note: 'Outside the UK VAT area: not served online.' },
  { code: 'GG', name: 'Guernsey', served: false, note: 'Outside the UK VAT area: not served online.' },
] as const;

/** Until an option is chosen the order has no delivery charge: shown as such, never as an estimate. */
const NO_OPTION_YET: ChosenDelivery = { code: 'to_choose', name: 'Delivery: choose an option', priceIncVat: 0 };

function parsePostcodeAt({ delivery }: Deps, path: string, text: string): Postcode {
  const parsed = delivery.parsePostcode(text);
  if (!parsed.ok) throw CheckoutErrors.invalidPostcode(path, parsed.reason);
  return parsed.postcode;
}

/** A stored address's postcode: normalised when it was saved, so it parses. */
function storedPostcode({ delivery }: Deps, address: Address): Postcode {
  const parsed = delivery.parsePostcode(address.postcode);
  if (!parsed.ok) throw new Error(`A stored postcode does not parse: ${address.postcode}`);
  return parsed.postcode;
}

// ── reading ─────────────────────────────────────────────────────────────────────────────────────

/** What checkout knows of a basket, read once: the basket ready to price, and checkout's own row. */
export interface CheckoutState {
  goods: BasketForCheckout;
  row: CheckoutRow | undefined;
}

export async function readState(deps: Deps, ctx: Ctx, basketId: string): Promise<CheckoutState> {
  // Read beside the basket when the id names it (a shopper's alias, or a guest basket they take over, is read again after).
  const early = basketId === CURRENT_BASKET_ALIAS ? undefined : repository.findCheckout(ctx.db, basketId);
  // Heard below, or not at all when the basket's read fails first.
  early?.catch(() => {});
  const goods = await deps.basket.priceForCheckout(ctx, basketId);
  return { goods, row: early && goods.basketId === basketId ? await early : await repository.findCheckout(ctx.db, goods.basketId) };
}

/** The delivery options to the basket's address (or to `postcodeText`, asked about before it is saved). */
function deliveryFacts(deps: Deps, ctx: Ctx, { goods, row }: CheckoutState, postcodeText?: string) {
  const { delivery: rules } = deps;
  const postcode = postcodeText
    ? parsePostcodeAt(deps, 'body.postcode', postcodeText)
    : row?.deliveryAddress
      ? storedPostcode(deps, row.deliveryAddress)
      : null;
  const zone: DeliveryZone = postcode ? rules.zoneOf(postcode) : 'mainland';
  const lines = goods.lines
    .filter((line) => line.available)
    .map((line) => ({ sku: line.sku, productName: line.productName, deliveryClass: line.deliveryClass, stock: { status: line.stockStatus, eta: line.eta } }));
  const delivery = rules.basketDeliveryOptions({ lines, goodsIncVat: goods.goodsIncVat, zone, region: rules.holidayRegionOf(postcode), now: ctx.clock.now() });
  return { postcode, zone, delivery };
}

/** The chosen option as it stands now: null (with a notice) when it no longer applies. */
function chosenOption(row: CheckoutRow | undefined, options: readonly DeliveryOption[], notices: Checkout['notices']): AvailableOption | null {
  if (!row?.deliveryOptionCode) return null;
  const option = options.find((entry) => entry.code === row.deliveryOptionCode);
  if (!option?.available) {
    notices.push({
      type: 'delivery_option_unavailable',
      message: `${option?.name ?? 'The delivery option you chose'} is no longer available for this basket and address: choose another.`,
    });
    return null;
  }
  return option;
}

/** What the card will be charged for, so a payment made for something else is noticed. */
export const paymentFingerprint = (checkout: Pick<Checkout, 'basket' | 'deliveryOption' | 'totals'>) =>
  `${checkout.basket.basketId}:${checkout.basket.version}:` +
  `${checkout.deliveryOption?.code ?? '-'}:${checkout.deliveryOption?.date ?? '-'}:${checkout.totals.totalIncVat}`;

/** A checkout and the basket priced for it: placing the order takes both. */
export interface PresentedCheckout {
  checkout: Checkout;
  priced: PricedBasket;
}

/**
 * The checkout as it stands, from what was read or just saved: the delivery options to its address,
 * the option it goes by, and the basket priced once with that option. Reads nothing.
 */
export function present(deps: Deps, ctx: Ctx, state: CheckoutState, extraNotices: Checkout['notices'] = []): PresentedCheckout {
  const { row } = state;
  const { zone, delivery } = deliveryFacts(deps, ctx, state);
  const notices = [...extraNotices];
  const chosen = chosenOption(row, delivery.options, notices);
  // Until the shopper chooses, the order goes by the cheapest standard delivery to its address: the
  // page starts with it chosen, and the totals already include it, so the two always agree.
  const option = chosen ?? (row?.deliveryAddress ? deps.delivery.suggestedOption(delivery.options) : null);
  const priced = state.goods.price(option ? { code: option.code, name: option.name, priceIncVat: option.priceIncVat } : NO_OPTION_YET);
  const { basket } = priced;
  const deliveryAddress = row?.deliveryAddress ?? null;
  const billing = row?.billingSameAsDelivery
    ? deliveryAddress
      ? { sameAsDelivery: true, address: deliveryAddress }
      : null
    : row?.billingAddress
      ? { sameAsDelivery: false, address: row.billingAddress }
      : null;
  const deliveryIncVat = option?.priceIncVat ?? 0;
  const checkout: Checkout = {
    basketId: basket.basketId,
    basket,
    contact: row?.contact ?? null,
    delivery: deliveryAddress ? { address: deliveryAddress, instructions: row?.deliveryInstructions ?? null, zone } : null,
    billing,
    // Kept only while the basket is trade-priced: a reference is never carried onto a retail order.
    orderReference: basket.pricing.tradePriced ? (row?.orderReference ?? null) : null,
    deliveryOption: option
      ? {
          code: option.code,
          name: option.name,
          date: chosen ? (row?.deliveryDate ?? null) : null,
          priceIncVat: option.priceIncVat,
          earliestDate: option.earliestDate,
          latestDate: option.latestDate ?? null,
          chosen: Boolean(chosen),
          collection: option.collection ?? null,
        }
      : null,
    totals: {
      goodsIncVat: basket.totals.totalIncVat - deliveryIncVat,
      deliveryIncVat,
      totalIncVat: basket.totals.totalIncVat,
      vatIncluded: basket.totals.totalVat,
    },
    payment: null,
    missing: [],
    notices,
  };
  checkout.missing = missingSteps(checkout);
  if (row?.paymentIntentRef) {
    checkout.payment = {
      intentId: row.paymentIntentRef,
      status: 'in_progress',
      amountPence: row.paymentAmountPence ?? 0,
      stale: row.paymentFingerprint !== paymentFingerprint(checkout),
    };
  }
  return { checkout, priced };
}

export async function readCheckout(deps: Deps, ctx: Ctx, basketId: string): Promise<Checkout> {
  return present(deps, ctx, await readState(deps, ctx, basketId)).checkout;
}

/** Saves a change to the basket's checkout; the basket's 404 when it went since it was read (it became an order). */
export async function saveCheckout(ctx: Ctx, basketId: string, change: repository.CheckoutChange): Promise<CheckoutRow> {
  const row = await repository.saveCheckout(ctx.db, basketId, change, ctx.clock.now());
  if (!row) throw BasketErrors.notFound();
  return row;
}

/** Saves a change to the basket's checkout (read as `goods` first, which settles that the caller may) and answers from what was saved. */
async function saveAndPresent(deps: Deps, ctx: Ctx, goods: BasketForCheckout, change: repository.CheckoutChange): Promise<Checkout> {
  const row = await saveCheckout(ctx, goods.basketId, change);
  return present(deps, ctx, { goods, row }).checkout;
}

function missingSteps(checkout: Checkout): Checkout['missing'] {
  const missing: Checkout['missing'] = [];
  if (!checkout.contact) missing.push('contact');
  const collecting = checkout.deliveryOption?.code === 'click_collect';
  if (!checkout.delivery && !collecting) missing.push('delivery_address');
  if (!checkout.deliveryOption?.chosen) missing.push('delivery_option');
  if (!checkout.billing) missing.push('billing');
  return missing;
}

// ── delivery ────────────────────────────────────────────────────────────────────────────────────

export async function getDeliveryOptions(deps: Deps, ctx: Ctx, basketId: string, postcodeText?: string): Promise<BasketDeliveryOptions> {
  const state = await readState(deps, ctx, basketId);
  const { postcode, zone, delivery } = deliveryFacts(deps, ctx, state, postcodeText);
  const { row } = state;
  const selected = row?.deliveryOptionCode ? { code: row.deliveryOptionCode as DeliveryOptionCode, date: row.deliveryDate ?? null } : null;
  // Each option priced as saving it would price the order, so the summary can show a choice before it is sent.
  const orderTotals = delivery.options.flatMap((option) => {
    if (!option.available) return [];
    const { totals } = state.goods.price({ code: option.code, name: option.name, priceIncVat: option.priceIncVat }).basket;
    const deliveryIncVat = option.priceIncVat;
    return [{ code: option.code, deliveryIncVat, discountIncVat: totals.discountIncVat, totalIncVat: totals.totalIncVat, vatIncluded: totals.totalVat }];
  });
  return { postcode: postcode?.normalised ?? null, zone, ...delivery, selected, orderTotals };
}

export async function getSpecificDayCalendar(deps: Deps, ctx: Ctx, basketId: string, postcodeText?: string): Promise<SpecificDayCalendar> {
  const { postcode, delivery } = deliveryFacts(deps, ctx, await readState(deps, ctx, basketId), postcodeText);
  const option = delivery.options.find((entry) => entry.code === 'specific_day');
  if (!option?.available) {
    return {
      priceIncVat: null,
      earliestDate: null,
      latestDate: null,
      days: [],
      unavailableReason: option?.unavailableReason ?? 'Specific-day delivery is not available for this basket.',
    };
  }
  const days = deps.delivery.specificDayCalendar(option, deps.delivery.holidayRegionOf(postcode), ctx.clock.now());
  return { priceIncVat: option.priceIncVat, earliestDate: option.earliestDate, latestDate: option.latestDate ?? null, days, unavailableReason: null };
}

export async function setDeliveryOption(deps: Deps, ctx: Ctx, basketId: string, input: { code: DeliveryOptionCode; date?: string }): Promise<Checkout> {
  const state = await readState(deps, ctx, basketId);
  const { postcode, zone, delivery } = deliveryFacts(deps, ctx, state);
  if (state.goods.lines.every((line) => !line.available)) throw CheckoutErrors.basketEmpty();
  const option = delivery.options.find((entry) => entry.code === input.code);
  if (!option) throw CheckoutErrors.optionNotOffered(input.code);
  if (!option.available) throw CheckoutErrors.optionUnavailable(option.unavailableReason);
  if (input.code !== 'click_collect' && delivery.notServed) throw CheckoutErrors.notServed(ZONE_RULES[zone].label);
  let date: string | null = null;
  if (input.code === 'specific_day') {
    if (!input.date) throw CheckoutErrors.dateRequired();
    const day = deps.delivery.specificDayCalendar(option, deps.delivery.holidayRegionOf(postcode), ctx.clock.now()).find((entry) => entry.date === input.date);
    if (!day?.available) throw CheckoutErrors.dateUnavailable(input.date);
    date = input.date;
  } else if (input.date) throw CheckoutErrors.dateNotAllowed();
  return saveAndPresent(deps, ctx, state.goods, { deliveryOptionCode: input.code, deliveryDate: date });
}

export async function clearDeliveryOption(deps: Deps, ctx: Ctx, basketId: string): Promise<Checkout> {
  return saveAndPresent(deps, ctx, await deps.basket.priceForCheckout(ctx, basketId), { deliveryOptionCode: null, deliveryDate: null });
}

// ── details ─────────────────────────────────────────────────────────────────────────────────────

export async function setContactDetails(deps: Deps, ctx: Ctx, basketId: string, input: ContactDetails): Promise<Checkout> {
  const emailAddress = input.emailAddress.trim();
  if (!deps.notifications.isSendableAddress(emailAddress)) throw CheckoutErrors.invalidEmail();
  // The contract has checked the phone number is a UK one (isUkPhoneNumber), with every other field at once.
  const contact = { emailAddress, firstName: input.firstName.trim(), lastName: input.lastName.trim(), phone: input.phone.trim() };
  return saveAndPresent(deps, ctx, await deps.basket.priceForCheckout(ctx, basketId), { contact });
}

/** An address as stored: trimmed, empty optional parts dropped, the postcode normalised. */
function normaliseAddress(deps: Deps, path: string, address: Address): Address {
  return storedAddress(address, parsePostcodeAt(deps, `${path}.postcode`, address.postcode).normalised);
}

export type DeliveryDetailsInput = { address: Address; instructions?: string; saveToAddressBook?: boolean; udprn?: number };

export async function setDeliveryDetails(deps: Deps, ctx: Ctx, basketId: string, input: DeliveryDetailsInput): Promise<Checkout> {
  const address = normaliseAddress(deps, 'body.address', input.address);
  const zone = deps.delivery.zoneOf(storedPostcode(deps, address));
  if (ZONE_RULES[zone].notServed) throw CheckoutErrors.notServed(ZONE_RULES[zone].label);
  if (input.saveToAddressBook && !ctx.actor) throw CheckoutErrors.signInToSaveAddress();
  const goods = await deps.basket.priceForCheckout(ctx, basketId);
  // Saved before the step, so an address book that is full refuses the step with what to do, and nothing is half done.
  if (input.saveToAddressBook && ctx.actor) {
    const { countryCode: _country, ...lines } = address;
    const book = { addressType: 'delivery' as const, ...lines, udprn: input.udprn, isDefault: false, tailLift: false, kerbsideOnly: false };
    await deps.addresses.rememberAddress({ ...ctx, actor: ctx.actor }, book);
  }
  const row = await saveCheckout(ctx, goods.basketId, { deliveryAddress: address, deliveryInstructions: input.instructions?.trim() || null });
  const { checkout } = present(deps, ctx, { goods, row });
  // The new address may rule out the chosen option (zone, surcharge): it is cleared rather than kept
  // stale, and this answer says so.
  if (row.deliveryOptionCode && !checkout.deliveryOption?.chosen) await saveCheckout(ctx, goods.basketId, { deliveryOptionCode: null, deliveryDate: null });
  return checkout;
}

export async function clearDeliveryDetails(deps: Deps, ctx: Ctx, basketId: string): Promise<Checkout> {
  return saveAndPresent(deps, ctx, await deps.basket.priceForCheckout(ctx, basketId), { deliveryAddress: null, deliveryInstructions: null });
}

export async function setBillingDetails(
  deps: Deps,
  ctx: Ctx,
  basketId: string,
  input: { sameAsDelivery: boolean; address?: Address; orderReference?: string },
): Promise<Checkout> {
  const goods = await deps.basket.priceForCheckout(ctx, basketId);
  // A purchase-order or job reference is a trade customer's: the server's pricing says who that is.
  if (input.orderReference && !goods.price(NO_OPTION_YET).basket.pricing.tradePriced) throw CheckoutErrors.orderReferenceForTradeOnly();
  const orderReference = input.orderReference === undefined ? {} : { orderReference: input.orderReference || null };
  if (!input.sameAsDelivery) {
    if (!input.address) throw CheckoutErrors.billingAddressMissing();
    return saveAndPresent(deps, ctx, goods, {
      billingSameAsDelivery: false,
      billingAddress: normaliseAddress(deps, 'body.address', input.address),
      ...orderReference,
    });
  }
  // One statement that finds the delivery address and points billing at it.
  const row = await repository.billToDeliveryAddress(ctx.db, goods.basketId, ctx.clock.now(), orderReference);
  if (!row) throw CheckoutErrors.noDeliveryAddress();
  return present(deps, ctx, { goods, row }).checkout;
}
