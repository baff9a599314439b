import type { Address, Basket, BasketDeliveryOptions, Checkout, SpecificDayCalendar } from '@shop/contracts';
import type { ServiceContext } from '../../platform/context.ts';
import { readForCheckout, type CheckoutBasket } from '../basket/index.ts';
import {
  basketDeliveryOptions,
  holidayRegionOf,
  parsePostcode,
  specificDayCalendar,
  suggestedOption,
  zoneOf,
  ZONE_RULES,
  type AvailableOption,
  type DeliveryOption,
  type DeliveryOptionCode,
  type DeliveryZone,
  type Postcode,
} from '../delivery/index.ts';
import { isSendableAddress } from '../notifications/index.ts';
import type { ChosenDelivery } from '../pricing/index.ts';
import { CheckoutErrors } from './checkout.errors.ts';
import * as repository from './checkout.repository.ts';
import type { CheckoutRow } from './checkout.repository.ts';
import type { ContactDetails } from './checkout.tables.ts';

export type Ctx = Pick<ServiceContext, 'db' | 'actor' | 'clock'>;

/** Countries for addresses: we deliver within the UK; the Crown Dependencies are by quotation or not served. */
export const COUNTRIES = [
  { code: 'GB', name: 'United Kingdom', served: true, note: null },
  { code: 'IM', name: 'Isle of Man', served: false, note: 'Delivery by quotation: contact us.' },
  { code: 'JE', name: 'Jersey', served: false, note: 'Outside the UK VAT area: not served online.' },
  { code: 'GG', name: 'Guernsey', served: false, note: 'Outside the UK VAT area: not served online.' },
] as const;

/** Until an option is chosen the order has no delivery charge: shown as such, never as an estimate. */
const NO_OPTION_YET: ChosenDelivery = { code: 'to_choose', name: 'Delivery: choose an option', priceIncVat: 0 };

function parsePostcodeAt(path: string, text: string): Postcode {
  const parsed = parsePostcode(text);
  if (!parsed.ok) throw CheckoutErrors.invalidPostcode(path, parsed.reason);
  return parsed.postcode;
}

/** A stored address's postcode: normalised when it was saved, so it parses. */
function storedPostcode(address: Address): Postcode {
  const parsed = parsePostcode(address.postcode);
  if (!parsed.ok) throw new Error(`A stored postcode does not parse: ${address.postcode}`);
  return parsed.postcode;
}

// ── reading ─────────────────────────────────────────────────────────────────────────────────────

interface Facts {
  basket: Basket;
  withDelivery: CheckoutBasket['withDelivery'];
  row: CheckoutRow | undefined;
  postcode: Postcode | null;
  zone: DeliveryZone;
  delivery: ReturnType<typeof basketDeliveryOptions>;
}

/** The basket (as its owner sees it) and what checkout knows, with the delivery options to its address. */
async function facts(ctx: Ctx, basketId: string, postcodeText?: string): Promise<Facts> {
  const { basket, offerings, withDelivery } = await readForCheckout(ctx, basketId);
  const row = await repository.findCheckout(ctx.db, basket.basketId);
  const postcode = postcodeText ? parsePostcodeAt('body.postcode', postcodeText) : row?.deliveryAddress ? storedPostcode(row.deliveryAddress) : null;
  const zone = postcode ? zoneOf(postcode) : 'mainland';
  const delivery = optionsFor(basket, offerings, zone, postcode, ctx.clock.now());
  return { basket, withDelivery, row, postcode, zone, delivery };
}

function optionsFor(basket: Basket, offerings: CheckoutBasket['offerings'], zone: DeliveryZone, postcode: Postcode | null, now: Date) {
  const lines = basket.lines
    .filter((line) => line.available)
    .map((line) => ({ sku: line.sku, productName: line.productName, deliveryClass: line.deliveryClass, stock: { status: line.stockStatus, eta: offerings.get(line.sku)?.eta ?? null } }));
  const goodsIncVat = Math.max(0, basket.totals.subtotalIncVat - basket.totals.discountIncVat);
  return basketDeliveryOptions({ lines, goodsIncVat, zone, region: holidayRegionOf(postcode), now });
}

/** The chosen option as it stands now: null (with a notice) when it no longer applies. */
function chosenOption(row: CheckoutRow | undefined, options: readonly DeliveryOption[], notices: Checkout['notices']): AvailableOption | null {
  if (!row?.deliveryOptionCode) return null;
  const option = options.find((entry) => entry.code === row.deliveryOptionCode);
  if (!option?.available) {
    notices.push({ type: 'delivery_option_unavailable', message: `${option?.name ?? 'The delivery option you chose'} is no longer available for this basket and address: choose another.` });
    return null;
  }
  return option;
}

/** What the card will be charged for, so a payment made for something else is noticed. */
export const paymentFingerprint = (checkout: Pick<Checkout, 'basket' | 'deliveryOption' | 'totals'>) =>
  `${checkout.basket.basketId}:${checkout.basket.version}:${checkout.deliveryOption?.code ?? '-'}:${checkout.deliveryOption?.date ?? '-'}:${checkout.totals.totalIncVat}`;

export async function readCheckout(ctx: Ctx, basketId: string, extraNotices: Checkout['notices'] = []): Promise<Checkout> {
  const { withDelivery, row, zone, delivery } = await facts(ctx, basketId);
  const notices = [...extraNotices];
  const chosen = chosenOption(row, delivery.options, notices);
  // Until the shopper chooses, the order goes by the cheapest standard delivery to its address: the
  // page starts with it chosen, and the totals already include it, so the two always agree.
  const option = chosen ?? (row?.deliveryAddress ? suggestedOption(delivery.options) : null);
  const basket = await withDelivery(option ? { code: option.code, name: option.name, priceIncVat: option.priceIncVat } : NO_OPTION_YET);
  const deliveryAddress = row?.deliveryAddress ?? null;
  const billing = row?.billingSameAsDelivery ? (deliveryAddress ? { sameAsDelivery: true, address: deliveryAddress } : null) : row?.billingAddress ? { sameAsDelivery: false, address: row.billingAddress } : null;
  const deliveryIncVat = option?.priceIncVat ?? 0;
  const checkout: Checkout = {
    basketId: basket.basketId,
    basket,
    contact: row?.contact ?? null,
    delivery: deliveryAddress ? { address: deliveryAddress, instructions: row?.deliveryInstructions ?? null, zone } : null,
    billing,
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
    checkout.payment = { intentId: row.paymentIntentRef, status: 'in_progress', amountPence: row.paymentAmountPence ?? 0, stale: row.paymentFingerprint !== paymentFingerprint(checkout) };
  }
  return checkout;
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

export async function getDeliveryOptions(ctx: Ctx, basketId: string, postcodeText?: string): Promise<BasketDeliveryOptions> {
  const { row, postcode, zone, delivery } = await facts(ctx, basketId, postcodeText);
  const selected = row?.deliveryOptionCode ? { code: row.deliveryOptionCode as DeliveryOptionCode, date: row.deliveryDate ?? null } : null;
  return { postcode: postcode?.normalised ?? null, zone, ...delivery, selected };
}

export async function getSpecificDayCalendar(ctx: Ctx, basketId: string, postcodeText?: string): Promise<SpecificDayCalendar> {
  const { postcode, delivery } = await facts(ctx, basketId, postcodeText);
  const option = delivery.options.find((entry) => entry.code === 'specific_day');
  if (!option?.available) {
    return { priceIncVat: null, earliestDate: null, latestDate: null, days: [], unavailableReason: option?.unavailableReason ?? 'Specific-day delivery is not available for this basket.' };
  }
  const days = specificDayCalendar(option, holidayRegionOf(postcode), ctx.clock.now());
  return { priceIncVat: option.priceIncVat, earliestDate: option.earliestDate, latestDate: option.latestDate ?? null, days, unavailableReason: null };
}

export async function setDeliveryOption(ctx: Ctx, basketId: string, input: { code: DeliveryOptionCode; date?: string }): Promise<Checkout> {
  const { basket, postcode, zone, delivery } = await facts(ctx, basketId);
  if (basket.lines.every((line) => !line.available)) throw CheckoutErrors.basketEmpty();
  const option = delivery.options.find((entry) => entry.code === input.code);
  if (!option) throw CheckoutErrors.optionNotOffered(input.code);
  if (!option.available) throw CheckoutErrors.optionUnavailable(option.unavailableReason);
  if (input.code !== 'click_collect' && delivery.notServed) throw CheckoutErrors.notServed(ZONE_RULES[zone].label);
  let date: string | null = null;
  if (input.code === 'specific_day') {
    if (!input.date) throw CheckoutErrors.dateRequired();
    const day = specificDayCalendar(option, holidayRegionOf(postcode), ctx.clock.now()).find((entry) => entry.date === input.date);
    if (!day?.available) throw CheckoutErrors.dateUnavailable(input.date);
    date = input.date;
  } else if (input.date) throw CheckoutErrors.dateNotAllowed();
  await repository.saveCheckout(ctx.db, basket.basketId, { deliveryOptionCode: input.code, deliveryDate: date }, ctx.clock.now());
  return readCheckout(ctx, basket.basketId);
}

export async function clearDeliveryOption(ctx: Ctx, basketId: string): Promise<Checkout> {
  const { basket } = await readForCheckout(ctx, basketId);
  await repository.saveCheckout(ctx.db, basket.basketId, { deliveryOptionCode: null, deliveryDate: null }, ctx.clock.now());
  return readCheckout(ctx, basket.basketId);
}

// ── details ─────────────────────────────────────────────────────────────────────────────────────

export async function setContactDetails(ctx: Ctx, basketId: string, input: ContactDetails): Promise<Checkout> {
  const emailAddress = input.emailAddress.trim();
  if (!isSendableAddress(emailAddress)) throw CheckoutErrors.invalidEmail();
  // The contract has checked the phone number is a UK one (isUkPhoneNumber), with every other field at once.
  const contact = { emailAddress, firstName: input.firstName.trim(), lastName: input.lastName.trim(), phone: input.phone.trim() };
  const { basket } = await readForCheckout(ctx, basketId);
  await repository.saveCheckout(ctx.db, basket.basketId, { contact }, ctx.clock.now());
  return readCheckout(ctx, basket.basketId);
}

/** An address as stored: trimmed, empty optional parts dropped, the postcode normalised. */
function normaliseAddress(path: string, address: Address): Address {
  const postcode = parsePostcodeAt(`${path}.postcode`, address.postcode);
  const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
  return {
    name: address.name.trim(),
    ...(optional(address.company) ? { company: optional(address.company) } : {}),
    line1: address.line1.trim(),
    ...(optional(address.line2) ? { line2: optional(address.line2) } : {}),
    town: address.town.trim(),
    ...(optional(address.county) ? { county: optional(address.county) } : {}),
    postcode: postcode.normalised,
    countryCode: 'GB',
  };
}

export async function setDeliveryDetails(ctx: Ctx, basketId: string, input: { address: Address; instructions?: string }): Promise<Checkout> {
  const address = normaliseAddress('body.address', input.address);
  const zone = zoneOf(storedPostcode(address));
  if (ZONE_RULES[zone].notServed) throw CheckoutErrors.notServed(ZONE_RULES[zone].label);
  const before = await readCheckout(ctx, basketId);
  await repository.saveCheckout(ctx.db, before.basketId, { deliveryAddress: address, deliveryInstructions: input.instructions?.trim() || null }, ctx.clock.now());
  const after = await readCheckout(ctx, before.basketId);
  // The new address may rule out the chosen option (zone, surcharge): clear it rather than keep a stale choice.
  if (before.deliveryOption?.chosen && !after.deliveryOption?.chosen) await repository.saveCheckout(ctx.db, before.basketId, { deliveryOptionCode: null, deliveryDate: null }, ctx.clock.now());
  return after;
}

export async function clearDeliveryDetails(ctx: Ctx, basketId: string): Promise<Checkout> {
  const { basket } = await readForCheckout(ctx, basketId);
  await repository.saveCheckout(ctx.db, basket.basketId, { deliveryAddress: null, deliveryInstructions: null }, ctx.clock.now());
  return readCheckout(ctx, basket.basketId);
}

export async function setBillingDetails(ctx: Ctx, basketId: string, input: { sameAsDelivery: boolean; address?: Address }): Promise<Checkout> {
  const { basket } = await readForCheckout(ctx, basketId);
  if (input.sameAsDelivery) {
    const row = await repository.findCheckout(ctx.db, basket.basketId);
    if (!row?.deliveryAddress) throw CheckoutErrors.noDeliveryAddress();
    await repository.saveCheckout(ctx.db, basket.basketId, { billingSameAsDelivery: true, billingAddress: null }, ctx.clock.now());
  } else {
    if (!input.address) throw CheckoutErrors.billingAddressMissing();
    await repository.saveCheckout(ctx.db, basket.basketId, { billingSameAsDelivery: false, billingAddress: normaliseAddress('body.address', input.address) }, ctx.clock.now());
  }
  return readCheckout(ctx, basket.basketId);
}
