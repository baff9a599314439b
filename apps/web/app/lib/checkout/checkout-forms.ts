import { ApiError, type CheckoutClient } from '@shop/api-client';
import type { Address, Checkout, DeliveryOption, SavedAddress } from '@shop/contracts';
import type { FinderState } from '../addresses/address-form.ts';
import { udprnOf } from '../addresses/address-form.ts';
import { apiProblemMessage } from '../api-problem.ts';
import type { CheckoutSection } from './checkout-logic.ts';
import { chooseDeliveryOption, CLICK_COLLECT, deliverTo } from './click-collect.ts';

/**
 * The checkout's steps as plain forms. Each step's form posts its fields to the checkout page with
 * a `step` field naming it: without JavaScript (or before the page's scripts have run) the page's
 * action sends them to the API; with it the page sends them itself. Both read the form the same
 * way (`stepFromForm`) and save it the same way (`saveStep`).
 */
export const STEP_FIELD = 'step';

/** The billing step's field for a trade customer's own order reference (PO or job number). */
export const ORDER_REFERENCE_FIELD = 'orderReference';

/** The one delivery option chosen with a day. */
export const SPECIFIC_DAY = 'specific_day' satisfies DeliveryOption['code'];

export type ContactDetails = NonNullable<Checkout['contact']>;
export interface DeliveryDetails {
  address: Address;
  instructions?: string;
  /** A signed-in customer's "Save this address to my address book" (the API keeps it, with the udprn of a found address). */
  saveToAddressBook?: boolean;
  udprn?: number;
}

/** The delivery step's radios choosing one of a signed-in customer's saved addresses, or `NEW_ADDRESS`: the fields below. */
export const SAVED_ADDRESS_FIELD = 'savedAddressId';
export const NEW_ADDRESS = 'new';
/** The tick box saving a new delivery address to the address book. */
export const SAVE_ADDRESS_FIELD = 'saveToAddressBook';
/** `orderReference`: a trade customer's PO or job number, sent only when the form has the field ('' clears it). */
export type BillingChoice = ({ sameAsDelivery: true } | { sameAsDelivery: false; address: Address }) & { orderReference?: string };
export interface DeliveryChoiceInput {
  code: DeliveryOption['code'];
  date?: string;
}

/** What one step's form holds, ready for the API. `collect` is the address step's click & collect choice. */
export type StepInput =
  | { step: 'contact'; body: ContactDetails }
  | { step: 'delivery_address'; body: DeliveryDetails }
  | { step: 'collect' }
  | { step: 'delivery_option'; body: DeliveryChoiceInput }
  | { step: 'billing'; body: BillingChoice };
export type StepName = StepInput['step'];

/** The section of the page each step's form sits in. */
export const STEP_SECTIONS: Record<StepName, CheckoutSection> = {
  contact: 'contact',
  delivery_address: 'delivery_address',
  collect: 'delivery_address',
  delivery_option: 'delivery_option',
  billing: 'billing',
};

const isStepName = (value: unknown): value is StepName => typeof value === 'string' && Object.hasOwn(STEP_SECTIONS, value);

/** A field's text as typed ('' when missing): the API trims it and says what is wrong with it. */
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
/** An optional field: left out when blank. */
const optional = (form: FormData, name: string) => text(form, name).trim() || undefined;

/** A UK address from the address fields (`name`, `company`, `line1`…); blank optional parts left out. */
export function addressFromForm(form: FormData): Address {
  return {
    name: text(form, 'name'),
    company: optional(form, 'company'),
    line1: text(form, 'line1'),
    line2: optional(form, 'line2'),
    town: text(form, 'town'),
    county: optional(form, 'county'),
    postcode: text(form, 'postcode'),
    countryCode: 'GB',
  };
}

export const contactFromForm = (form: FormData): ContactDetails => ({
  emailAddress: text(form, 'emailAddress'),
  firstName: text(form, 'firstName'),
  lastName: text(form, 'lastName'),
  phone: text(form, 'phone'),
});

/**
 * The delivery step: one of the customer's saved addresses (`saved`, as the API listed them) when a
 * saved one is chosen, else the fields, saved to the address book too when the box is ticked.
 */
export function deliveryFromForm(form: FormData, saved: readonly SavedAddress[] = []): DeliveryDetails {
  const instructions = optional(form, 'instructions');
  const chosen = saved.find((address) => address.addressId === text(form, SAVED_ADDRESS_FIELD));
  if (chosen) return { address: savedAsAddress(chosen), instructions };
  const save = text(form, SAVE_ADDRESS_FIELD) === 'yes' ? { saveToAddressBook: true, udprn: udprnOf({ udprn: text(form, 'udprn') }) } : {};
  return { address: addressFromForm(form), instructions, ...save };
}

/** A saved address as the checkout's: its lines, without the book's own fields. */
export const savedAsAddress = (address: SavedAddress): Address => ({
  name: address.name,
  company: address.company ?? undefined,
  line1: address.line1,
  line2: address.line2 ?? undefined,
  town: address.town,
  county: address.county ?? undefined,
  postcode: address.postcode,
  countryCode: 'GB',
});

/**
 * The billing step: "same as delivery" is a ticked box (`sameAsDelivery=true`); unticked, the address
 * fields count. A trade customer's form also has their order reference, sent as typed (the API trims it).
 */
export function billingFromForm(form: FormData): BillingChoice {
  const reference = form.has(ORDER_REFERENCE_FIELD) ? { orderReference: text(form, ORDER_REFERENCE_FIELD) } : {};
  return text(form, 'sameAsDelivery') === 'true'
    ? { sameAsDelivery: true, ...reference }
    : { sameAsDelivery: false, address: addressFromForm(form), ...reference };
}

/**
 * The chosen option (`code`) and, for specific-day delivery, its day (`date`); the API checks both.
 * A day ticked in the calendar before another option was chosen stays in the form: it is not sent.
 */
export function deliveryChoiceFromForm(form: FormData): DeliveryChoiceInput {
  const code = text(form, 'code') as DeliveryOption['code'];
  return code === SPECIFIC_DAY ? { code, date: optional(form, 'date') } : { code };
}

/** Step 2 is delivered to an address or collected, as its radios named `step` say. */
export const deliveryOrCollectionFromForm = (form: FormData, saved?: readonly SavedAddress[]): StepInput =>
  text(form, STEP_FIELD) === 'collect' ? { step: 'collect' } : { step: 'delivery_address', body: deliveryFromForm(form, saved) };

/** The step a posted form is for, with what it holds; null when it names no step. */
export function stepFromForm(form: FormData, saved?: readonly SavedAddress[]): StepInput | null {
  const step = form.get(STEP_FIELD);
  if (!isStepName(step)) return null;
  switch (step) {
    case 'contact':
      return { step, body: contactFromForm(form) };
    case 'delivery_address':
      return { step, body: deliveryFromForm(form, saved) };
    case 'collect':
      return { step };
    case 'delivery_option':
      return { step, body: deliveryChoiceFromForm(form) };
    case 'billing':
      return { step, body: billingFromForm(form) };
  }
}

type StepClient = Pick<
  CheckoutClient,
  'setContactDetails' | 'setDeliveryDetails' | 'clearDeliveryDetails' | 'setDeliveryOption' | 'clearDeliveryOption' | 'setBillingDetails'
>;

/** Saves one step, answering with the whole checkout (the API's refusal is thrown as it came). */
export function saveStep(client: StepClient, basketId: string, input: StepInput): Promise<Checkout> {
  const params = { basketId };
  switch (input.step) {
    case 'contact':
      return client.setContactDetails({ params, body: input.body });
    case 'delivery_address':
      return deliverTo(client, basketId, input.body);
    case 'collect':
      return chooseDeliveryOption(client, basketId, { code: CLICK_COLLECT });
    case 'delivery_option':
      return chooseDeliveryOption(client, basketId, input.body);
    case 'billing':
      return client.setBillingDetails({ params, body: input.body });
  }
}

/** What was wrong with a step, as its error summary and fields show it. */
export interface StepErrors {
  /** The first problem with each field (problem+json `errors[]` path, e.g. `body.address.postcode`), in the API's order. */
  fields: { path: string; message: string }[];
  /** A refusal of the step as a whole, when no field is named. */
  problem: string | null;
}

export function stepErrors(error: unknown): StepErrors {
  const listed = error instanceof ApiError ? ((error.data as { errors?: { path?: unknown; message?: unknown }[] } | undefined)?.errors ?? []) : [];
  const fields: StepErrors['fields'] = [];
  for (const entry of listed) {
    if (typeof entry.path !== 'string' || typeof entry.message !== 'string') continue;
    if (!fields.some((field) => field.path === entry.path)) fields.push({ path: entry.path, message: entry.message });
  }
  return { fields, problem: fields.length > 0 ? null : apiProblemMessage(error) };
}

/** The message beside one field, if it has one. */
export const fieldMessage = (errors: StepErrors | null | undefined, path: string) => errors?.fields.find((field) => field.path === path)?.message;

/** A step that was refused after a plain form post: the page draws it again with what was typed and why. */
export interface StepFailure {
  step: StepName;
  /** What was posted, to put back in the fields. */
  values: Record<string, string>;
  errors: StepErrors;
  /** "Find address" posted with the delivery step's form: the addresses found (or why none), the step drawn again to choose. */
  finder?: FinderState;
}

export const postedValues = (form: FormData): Record<string, string> =>
  Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
