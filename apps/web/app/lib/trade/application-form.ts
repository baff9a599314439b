import {
  TRADE_BUSINESS_TYPES,
  TRADE_DOCUMENT_KINDS,
  TRADE_DOCUMENT_MAX_BYTES,
  TRADE_TYPES,
  type TradeApplicationData,
  type TradeBusinessDetails,
  type TradeContactDetails,
  type TradeDocumentKind,
} from '@shop/contracts';
import { stepErrors, type StepErrors } from '../checkout/checkout-forms.ts';
import { formText } from '../form-text.ts';

export { formText };

/**
 * The trade application as a plain multipart form (`/trade/apply`): every field of the contract's
 * `TradeApplicationData`, named by its path in the body (`legalName`, `address.postcode`), so the
 * API's problems (`body.address.postcode`) land beside the field that caused them. The page's action
 * reads the form with `applicationFromForm`, checks the documents with `documentProblem`, then sends
 * both to the API; the API decides everything else and says what is wrong in words.
 */

/** The fields in the order the form shows them: the error summary lists problems in this order. */
export const APPLICATION_FIELDS = [
  'legalName',
  'tradingName',
  'businessType',
  'companyNumber',
  'vatNumber',
  'trade',
  'tradeOther',
  'yearsTrading',
  'employees',
  'expectedMonthlySpendPence',
  'address.line1',
  'address.line2',
  'address.town',
  'address.county',
  'address.postcode',
  'contactName',
  'contactRole',
  'contactPhone',
  'contactEmail',
  'gasSafeNumber',
  'niceicNumber',
  'otherRegistration',
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

/** The form takes up to this many documents at once; more are added on the application's page, up to `TRADE_APPLICATION_MAX_DOCUMENTS` in all. */
export const DOCUMENT_SLOTS = [1, 2, 3] as const;
export const documentField = (slot: number) => `document${slot}`;
export const documentKindField = (slot: number) => `documentKind${slot}`;

/** What each kind of document is called on the form and on the staff screens. */
export const DOCUMENT_KIND_NAMES: Record<TradeDocumentKind, string> = {
  proof_of_trade: 'Proof of trade (invoice, business card or letterhead)',
  company_registration: 'Companies House certificate',
  vat_certificate: 'VAT registration certificate',
  bank_statement: 'Bank statement heading',
  utility_bill: 'Utility bill for the business address',
  registration_card: 'Gas Safe, NICEIC or other registration card',
  other: 'Something else',
};
export const DOCUMENT_KIND_OPTIONS = TRADE_DOCUMENT_KINDS.map((kind) => ({ value: kind, label: DOCUMENT_KIND_NAMES[kind] }));

/** The id of a field's control (the first radio of a group), for labels and the error summary's links. */
export const fieldId = (field: string) => `apply-${field.replace(/\./g, '-')}`;
/** The path the API names a field by in its problems. */
export const problemPath = (field: string) => `body.${field}`;

const optional = (form: FormData, name: string) => formText(form, name).trim() || undefined;

/**
 * A whole number as typed ("1,200" reads as 1200): blank is left out, so the API asks for it;
 * anything that is not a number goes as typed, and the API says what to enter.
 */
function wholeNumber(form: FormData, name: string): number | undefined {
  const typed = formText(form, name).trim().replace(/[,\s]/g, '');
  if (!typed) return undefined;
  const number = Number(typed);
  return (Number.isFinite(number) ? number : typed) as number;
}

/** Pounds as typed ("£1,250" or "1250.50") in pence; the API checks it is whole pounds and in range. */
function poundsAsPence(form: FormData, name: string): number | undefined {
  const typed = formText(form, name).trim().replace(/^£/, '').replace(/[,\s]/g, '');
  if (!typed) return undefined;
  const pounds = Number(typed);
  return (Number.isFinite(pounds) ? Math.round(pounds * 100) : typed) as number;
}

const oneOf = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

/**
 * The application as the API takes it. Blank optional fields are left out; a choice that is not one
 * of the list is left out too, so the API asks for it in its own words.
 */
export function applicationFromForm(form: FormData): TradeApplicationData {
  const businessType = oneOf(TRADE_BUSINESS_TYPES, formText(form, 'businessType'));
  const trade = oneOf(TRADE_TYPES, formText(form, 'trade'));
  return {
    legalName: formText(form, 'legalName'),
    tradingName: optional(form, 'tradingName'),
    businessType: businessType!,
    companyNumber: optional(form, 'companyNumber'),
    vatNumber: optional(form, 'vatNumber'),
    trade: trade!,
    // Only asked for with a trade of "other"; a description left in the field after choosing another trade is not sent.
    tradeOther: trade === 'other' ? optional(form, 'tradeOther') : undefined,
    yearsTrading: wholeNumber(form, 'yearsTrading')!,
    employees: wholeNumber(form, 'employees')!,
    expectedMonthlySpendPence: poundsAsPence(form, 'expectedMonthlySpendPence')!,
    address: {
      line1: formText(form, 'address.line1'),
      line2: optional(form, 'address.line2'),
      town: formText(form, 'address.town'),
      county: optional(form, 'address.county'),
      postcode: formText(form, 'address.postcode'),
    },
    contactName: formText(form, 'contactName'),
    contactRole: optional(form, 'contactRole'),
    contactPhone: formText(form, 'contactPhone'),
    contactEmail: optional(form, 'contactEmail'),
    gasSafeNumber: optional(form, 'gasSafeNumber'),
    niceicNumber: optional(form, 'niceicNumber'),
    otherRegistration: optional(form, 'otherRegistration'),
  };
}

/** The business's part of an application, as staff change it (`updateBusiness`). */
export function businessFromForm(form: FormData): TradeBusinessDetails {
  const { legalName, tradingName, businessType, companyNumber, vatNumber, trade, tradeOther, yearsTrading, employees, address } = applicationFromForm(form);
  return { legalName, tradingName, businessType, companyNumber, vatNumber, trade, tradeOther, yearsTrading, employees, address };
}

/** The contact and registrations, as staff change them (`updateDetails`). */
export function contactFromForm(form: FormData): TradeContactDetails {
  const { contactName, contactRole, contactPhone, contactEmail, gasSafeNumber, niceicNumber, otherRegistration } = applicationFromForm(form);
  return { contactName, contactRole, contactPhone, contactEmail, gasSafeNumber, niceicNumber, otherRegistration };
}

/** Something shaped like an application (the API answers null where nothing was given). */
type Filled = { [key: string]: unknown; address?: { [key: string]: unknown } };

/** An application's (or a business's and contact's) details as the form's starting values; spend in pounds. */
export function formValues(...sources: Filled[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const source of sources) {
    for (const field of APPLICATION_FIELDS) {
      const value = field.startsWith('address.') ? source.address?.[field.slice('address.'.length)] : source[field];
      if (typeof value === 'string') values[field] = value;
      else if (typeof value === 'number') values[field] = String(field === 'expectedMonthlySpendPence' ? value / 100 : value);
    }
  }
  return values;
}

// ── documents ───────────────────────────────────────────────────────────────────────────────────

export interface PostedDocument {
  slot: number;
  kind: TradeDocumentKind;
  file: File;
}

/** The documents chosen in the form's slots; a slot left empty is skipped. */
export function documentsFromForm(form: FormData): PostedDocument[] {
  return DOCUMENT_SLOTS.flatMap((slot) => {
    const file = form.get(documentField(slot));
    if (!(file instanceof File) || (file.size === 0 && file.name === '')) return [];
    const kind = oneOf(TRADE_DOCUMENT_KINDS, formText(form, documentKindField(slot))) ?? 'proof_of_trade';
    return [{ slot, kind, file }];
  });
}

/** The file types the API keeps, by their first bytes (the API reads the content, not the name). */
const SIGNATURES: readonly (readonly number[])[] = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
];

/**
 * What is wrong with a chosen file, in the GOV.UK design system's words, or null. Checked before
 * anything is sent, so a refused document leaves nothing stored; the API checks again.
 */
export async function documentProblem(file: Blob): Promise<string | null> {
  if (file.size === 0) return 'The selected file is empty';
  if (file.size > TRADE_DOCUMENT_MAX_BYTES) return 'The selected file must be smaller than 5MB';
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const known = SIGNATURES.some((signature) => signature.every((byte, index) => head[index] === byte));
  return known ? null : 'The selected file must be a PDF, JPG or PNG';
}

/** Each chosen document's problem, as the form shows it beside its slot; empty when all are fine. */
export async function documentErrors(documents: readonly PostedDocument[]): Promise<StepErrors['fields']> {
  const checked = await Promise.all(documents.map(async (document) => ({ path: documentField(document.slot), message: await documentProblem(document.file) })));
  return checked.filter((entry): entry is { path: string; message: string } => entry.message !== null);
}

/** A document's size for people: `820 KB`, `2.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** A file type for people. */
export const DOCUMENT_TYPE_NAMES: Record<string, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPG', 'image/png': 'PNG' };

// ── refusals ────────────────────────────────────────────────────────────────────────────────────

/** Posted by someone not signed in (their session ran out, or they signed out in another tab): nothing was sent. */
export const signedOutProblem = (what: 'application' | 'answer' | 'document' | 'review') =>
  `Your ${what} has not been sent: you are not signed in. Sign in, then send it again.`;

/**
 * The API's refusal as the form shows it: each field's first message, in the form's order, and a
 * refusal of the whole when it names no field (e.g. "You already have an application open").
 */
export function applicationErrors(error: unknown): StepErrors {
  const errors = stepErrors(error);
  const order = (path: string) => {
    const index = APPLICATION_FIELDS.findIndex((field) => problemPath(field) === path);
    return index === -1 ? APPLICATION_FIELDS.length : index;
  };
  return { ...errors, fields: errors.fields.toSorted((a, b) => order(a.path) - order(b.path)) };
}

/** The values a refused form is drawn again with: what was typed, never the files. */
export function typedValues(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
