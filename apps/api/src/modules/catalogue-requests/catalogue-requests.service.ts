import { randomUUID } from 'node:crypto';
import type {
  CatalogueInterest,
  PrintedCatalogueAnswer,
  PrintedCatalogueRequest,
  PrintedCatalogueRequestPage,
  RequesterAddress,
  RequestsAtAddress,
  RequestsErased,
} from '@shop/contracts';
import type { DataSubject } from '../../platform/personal-data.ts';
import { catalogueRequestsPersonalData } from './catalogue-requests.personal-data.ts';
import type { CallerContext } from '../../platform/context.ts';
import { addressKeyOf, CATALOGUE_MESSAGES, periodStart, POSTAL_CONSENT_WORDING } from './catalogue-request-rules.ts';
import { CatalogueRequestErrors } from './catalogue-requests.errors.ts';
import type { CatalogueRequestsDeps } from './catalogue-requests.deps.ts';
import * as repository from './catalogue-requests.repository.ts';
import type { CatalogueRequestRow } from './catalogue-requests.repository.ts';

export interface CatalogueRequestInput {
  name: string;
  line1: string;
  line2?: string;
  town: string;
  county?: string;
  postcode: string;
  udprn?: number;
  interests: CatalogueInterest[];
  marketingConsent: boolean;
}

/**
 * The printed catalogue by post: one per address in six months (asking again is answered kindly
 * and records nothing), postal marketing consent recorded on its own, and the staff's posting run.
 */
export interface CatalogueRequestsService {
  requestPrintedCatalogue(ctx: CallerContext, input: CatalogueRequestInput): Promise<PrintedCatalogueAnswer>;
  listPrintedCatalogueRequests(
    ctx: CallerContext,
    query: { status?: 'waiting' | 'posted'; pageNumber: number; pageSize: number },
  ): Promise<PrintedCatalogueRequestPage>;
  /** Every request not yet posted, marked posted: the staff's mailing list for the printer. */
  postPrintedCatalogueRequests(ctx: CallerContext): Promise<{ items: PrintedCatalogueRequest[]; postedAt: string }>;
  /** Staff: what is held at an address, for a requester known by nothing else (a request made signed out). */
  findAtAddress(ctx: CallerContext, address: RequesterAddress): Promise<RequestsAtAddress>;
  /** Staff: erases it, store by store as the module's personal-data declaration says. */
  eraseAtAddress(ctx: CallerContext, address: RequesterAddress): Promise<RequestsErased>;
}

const tidy = (text: string | undefined) => text?.replace(/\s+/g, ' ').trim() || null;

function present(row: CatalogueRequestRow): PrintedCatalogueRequest {
  return {
    requestId: row.id,
    name: row.name,
    line1: row.line1,
    line2: row.line2,
    town: row.town,
    county: row.county,
    postcode: row.postcode,
    udprn: row.udprn,
    interests: row.interests as CatalogueInterest[],
    requestedAt: row.requestedAt.toISOString(),
    postedAt: row.postedAt?.toISOString() ?? null,
  };
}

export function createCatalogueRequestsService({ delivery }: CatalogueRequestsDeps): CatalogueRequestsService {
  /** The person living at the address, as the personal-data declaration finds them: the postcode checked and written as stored. */
  const livingAt = (address: RequesterAddress): DataSubject & { postcode: string } => {
    const parsed = delivery.parsePostcode(address.postcode);
    if (!parsed.ok) throw CatalogueRequestErrors.postcodeInvalid(parsed.reason);
    const postcode = parsed.postcode.normalised;
    return { userId: null, emailAddresses: [], postalAddresses: [{ postcode, line1: tidy(address.line1)! }], postcode };
  };
  return {
    requestPrintedCatalogue(ctx, input) {
      const parsed = delivery.parsePostcode(input.postcode);
      if (!parsed.ok) throw CatalogueRequestErrors.postcodeInvalid(parsed.reason);
      const postcode = parsed.postcode.normalised;
      const address = { name: tidy(input.name)!, line1: tidy(input.line1)!, line2: tidy(input.line2), town: tidy(input.town)!, county: tidy(input.county) };
      const addressKey = addressKeyOf({ line1: address.line1, postcode });
      const now = ctx.clock.now();
      const ownerId = ctx.actor?.userId ?? null;
      return ctx.db.transaction(async (db) => {
        await repository.lockAddress(db, addressKey);
        // Consent is its own record: given with a repeat request too, it still counts.
        if (input.marketingConsent) {
          await repository.insertConsent(db, {
            id: randomUUID(),
            ownerId,
            name: address.name,
            line1: address.line1,
            postcode,
            addressKey,
            wording: POSTAL_CONSENT_WORDING,
            source: 'catalogue-request',
            givenAt: now,
          });
        }
        const earlier = await repository.findRecentRequest(db, addressKey, periodStart(now));
        if (earlier)
          return { recorded: false, message: CATALOGUE_MESSAGES.alreadyRequested(earlier.requestedAt), requestedAt: earlier.requestedAt.toISOString() };
        const interests = [...new Set(input.interests)];
        await repository.insertRequest(db, {
          id: randomUUID(),
          ownerId,
          ...address,
          postcode,
          udprn: input.udprn ?? null,
          addressKey,
          interests,
          requestedAt: now,
        });
        return { recorded: true, message: CATALOGUE_MESSAGES.recorded, requestedAt: now.toISOString() };
      });
    },

    async listPrintedCatalogueRequests(ctx, query) {
      const [totalCount, waiting] = await Promise.all([repository.countRequests(ctx.db, query.status), repository.countRequests(ctx.db, 'waiting')]);
      const offset = (query.pageNumber - 1) * query.pageSize;
      const rows = offset < totalCount ? await repository.listRequests(ctx.db, { status: query.status, limit: query.pageSize, offset }) : [];
      return {
        items: rows.map(present),
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
        totalCount,
        totalPages: Math.max(1, Math.ceil(totalCount / query.pageSize)),
        waiting,
      };
    },

    async findAtAddress(ctx, address) {
      const subject = livingAt(address);
      const [rows, consents] = await Promise.all([repository.findRequestsOf(ctx.db, subject), repository.countConsentsOf(ctx.db, subject)]);
      return { requests: rows.map(present), consents };
    },

    async eraseAtAddress(ctx, address) {
      const subject = livingAt(address);
      const now = ctx.clock.now();
      return ctx.db.transaction(async (tx) => {
        const erased = [];
        for (const store of catalogueRequestsPersonalData) erased.push({ label: store.label, rows: (await store.erase!(tx, subject, now)).rows });
        if (erased.every((store) => store.rows === 0)) throw CatalogueRequestErrors.noneAtAddress(subject.postcode);
        const words = erased.filter((store) => store.rows > 0).map((store) => `${store.label.toLowerCase()}: ${store.rows}`);
        return { erased, message: `Erased what we held at that address in ${subject.postcode} (${words.join('; ')}).` };
      });
    },

    async postPrintedCatalogueRequests(ctx) {
      const postedAt = ctx.clock.now();
      const rows = await ctx.db.transaction((db) => repository.takeWaitingRequests(db, postedAt));
      return { items: rows.map(present), postedAt: postedAt.toISOString() };
    },
  };
}
