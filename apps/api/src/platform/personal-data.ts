import type { Database, Transaction } from '../db/client.ts';

/**
 * The personal-data port (UK GDPR, docs/domain.md): every module declares, through its `ApiModule`,
 * each store of personal data it holds about a person, how a person's records are found in it and
 * what erasure does to them. Accounts' erasure walks every declaration; the test in
 * `apps/api/src/personal-data.test.ts` fails when a column holding an e-mail address, name, phone or address
 * is in no declaration.
 */

/** Whom an erasure is about: their account, when they have one, and every e-mail address they used (lower-cased). */
export interface DataSubject {
  userId: string | null;
  emailAddresses: readonly string[];
  /**
   * Where they live, for a person known by nothing else (a printed-catalogue request made signed out
   * gives a name and an address only): postcode and first line, compared as the store compares them.
   */
  postalAddresses?: readonly { postcode: string; line1: string }[];
}

/** What erasure does to a store: its rows go, or stay without what identifies the person, or stay whole for a legal reason. */
export type OnErasure = { effect: 'deleted' } | { effect: 'anonymised'; remains: string } | { effect: 'kept'; reason: string; period: string };

/** What one store's erasure did, and what must be forgotten outside the database once it commits. */
export interface ErasedRecords {
  rows: number;
  /** Ids in the files module: removed after the transaction commits. */
  files?: readonly string[];
  /** The payment provider's customer references: deleted through the gateway after commit. */
  paymentCustomers?: readonly { gateway: string; ref: string }[];
}

export interface PersonalDataStore {
  /** Plain words for staff: "Newsletter sign-ups". */
  label: string;
  /** Each table of the store, with its columns that hold personal data (SQL names). */
  columns: Readonly<Record<string, readonly string[]>>;
  /** How a person's records are found; empty when they cannot be (nothing links them to a person). */
  foundBy: readonly ('user id' | 'e-mail address' | 'postal address')[];
  onErasure: OnErasure;
  /** How many of the store's records are about the person. */
  count(db: Database, subject: DataSubject): Promise<number>;
  /** Deletes or anonymises them, inside the erasure's transaction. Kept stores have none. */
  erase?(tx: Transaction, subject: DataSubject, now: Date): Promise<ErasedRecords>;
}

/** HMRC's record-keeping period for VAT: sales records, invoices and payments are kept six years. */
export const TAX_RECORD_YEARS = 6;

/** The placeholders an anonymised record carries instead of the person's details. */
export const ERASED_NAME = 'Erased customer';
export const erasedEmail = (key: string) => `erased-${key}@erased.invalid`;

/** The lower-cased addresses to match, never empty (an empty `in ()` is not SQL). */
export const addressesOf = (subject: DataSubject): string[] => (subject.emailAddresses.length > 0 ? [...subject.emailAddresses] : ['']);
