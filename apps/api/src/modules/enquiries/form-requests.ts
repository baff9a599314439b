import type { z } from 'zod';
import { HELP_REQUEST_ROUTING, offeringNamed, type EnquiryAccepted, type HelpRequestType } from '@shop/contracts';
import { AppError, PlatformErrors } from '../../platform/errors.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { FormFile, StoredFile, UploadInput } from '../files/index.ts';
import type { EnquiriesDeps } from './enquiries.deps.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import { recordHelpRequest, type HelpRequestInput } from './help-requests.ts';

/** What every form does the same way: who is asking, the product named, the files sent, and the request recorded. */

export type Ctx = ServiceContext;
export type Body<S extends z.ZodType> = z.infer<S>;
export type Contact = { name: string; emailAddress: string; customerId: string | null };
/** A request as a form describes it: everything but its type and who is asking. */
export type RequestDescription = Omit<HelpRequestInput, 'type' | 'name' | 'emailAddress' | 'customerId'>;

/** A multipart form's fields checked by the contract's schema, refused in its words like a JSON body. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw PlatformErrors.validationFailed(
    parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map(String)].join('.'), message: issue.message, code: issue.code })),
  );
}

/** Who is asking: a signed-in customer's account, else what a guest typed (both required then). */
export function contactOf(deps: Pick<EnquiriesDeps, 'notifications'>, ctx: Ctx, body: { name?: string; emailAddress?: string }): Contact {
  const name = ctx.actor?.name || body.name;
  const emailAddress = ctx.actor?.email || body.emailAddress;
  if (!name) throw EnquiryErrors.contactMissing('name');
  if (!emailAddress) throw EnquiryErrors.contactMissing('emailAddress');
  if (!deps.notifications.isSendableAddress(emailAddress)) throw EnquiryErrors.emailNotSendable('emailAddress');
  return { name, emailAddress: emailAddress.trim(), customerId: ctx.actor?.userId ?? null };
}

/** What e-mails and the inbox say about a product. */
export interface ProductFacts {
  sku: string;
  productName: string;
  pricePence: number;
  url: string;
}

/** A product code the catalogue sells (an option's code names the option), with its name, price and page; anything else is 422. */
export async function productFacts(deps: Pick<EnquiriesDeps, 'catalogue' | 'publicUrl'>, db: Ctx['db'], sku: string): Promise<ProductFacts> {
  try {
    const product = await deps.catalogue.getProductSummaryBySku({ db }, sku);
    return { ...offeringNamed(product, sku), url: `${deps.publicUrl}/p/${encodeURIComponent(product.slug)}` };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw EnquiryErrors.productUnknown();
    throw error;
  }
}

/** Records one inbox request in its own transaction (with `alongside`'s work, in the same one) and answers what the customer is told. */
export async function recordEnquiry(
  deps: EnquiriesDeps,
  ctx: Ctx,
  type: HelpRequestType,
  contact: Contact,
  input: RequestDescription,
  alongside?: (db: Ctx['db'], reference: string) => Promise<unknown>,
): Promise<EnquiryAccepted> {
  const recorded = await ctx.db.transaction(async (db) => {
    const request = await recordHelpRequest(deps, { db, clock: ctx.clock }, { type, ...contact, ...input });
    await alongside?.(db, request.reference);
    return request;
  });
  return { reference: recorded.reference, dueAt: recorded.dueAt.toISOString(), team: HELP_REQUEST_ROUTING[type].team, nextSteps: [...input.nextSteps] };
}

/** A form that only records what was typed: who is asking, then one request of `type` as `describe` puts it. */
export const formEnquiry =
  <B extends { name?: string; emailAddress?: string }>(type: HelpRequestType, describe: (body: B) => RequestDescription) =>
  (deps: EnquiriesDeps, ctx: Ctx, body: B): Promise<EnquiryAccepted> =>
    recordEnquiry(deps, ctx, type, contactOf(deps, ctx, body), describe(body));

/** Stores a form's files (after its fields passed) and records the request: if anything fails, the files are removed again. */
export const withStoredFiles = <T>(
  deps: Pick<EnquiriesDeps, 'files'>,
  ctx: Ctx,
  upload: Pick<UploadInput, 'purpose' | 'accept'>,
  sent: readonly FormFile[],
  recordRequest: (stored: StoredFile[]) => Promise<T>,
): Promise<T> =>
  deps.files.storeUploads(
    ctx,
    sent.map((file, index) => ({ ...upload, fileName: file.fileName, bytes: file.bytes, field: `body.${file.field}.${index}` })),
    recordRequest,
  );
