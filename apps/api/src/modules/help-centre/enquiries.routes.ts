import type { FastifyInstance, FastifyRequest } from 'fastify';
import { helpCentreEnquiryEndpoints as endpoints, WEEE_MAX_PHOTOS } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import { isStorableText } from '../../platform/storable-text.ts';
import { PlatformErrors } from '../../platform/errors.ts';
import { createMultipartBodyParser, FilesErrors, MAX_FILE_BYTES, type FilesService } from '../files/index.ts';
import type { SubmittedForm } from './enquiries.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import type { HelpCentreService } from './help-centre.service.ts';

/** Sending a product to a friend e-mails a stranger: a few a minute per client is plenty, and spam is not. */
const PRODUCT_EMAIL_LIMIT = { max: 5, timeWindow: '1 minute' };
/** Forms a person fills in: generous for people, tight for a script. */
const FORM_LIMIT = { max: 30, timeWindow: '1 minute' };
/** Uploads are large: a person sends a handful of forms with files, not hundreds. */
const UPLOAD_LIMIT = { max: 20, timeWindow: '1 minute' };
/** A form's short fields beside its files. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Never more files than a form takes, plus one: anything past that is refused without reading more. */
const MAX_FORM_BYTES = (WEEE_MAX_PHOTOS + 1) * MAX_FILE_BYTES + MULTIPART_OVERHEAD_BYTES;

export async function registerEnquiriesRoutes(app: FastifyInstance, helpCentre: HelpCentreService, files: FilesService): Promise<void> {
  const { publicUrl } = app.platform.config;
  const form = { rateLimit: FORM_LIMIT };
  bindEndpoint(app, endpoints.requestPriceMatch, ({ ctx, body }) => helpCentre.requestPriceMatch(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.askProductQuestion, ({ ctx, body }) => helpCentre.askProductQuestion(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.sendGeneralEnquiry, ({ ctx, body }) => helpCentre.sendGeneralEnquiry(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.sendRetailPartnerProductForm, ({ ctx, body }) => helpCentre.sendRetailPartnerProductForm(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.requestAccountDeletion, ({ ctx, body }) => helpCentre.requestAccountDeletion(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.confirmAccountDeletion, ({ ctx, params }) => helpCentre.confirmAccountDeletion(ctx, params.token), form);
  bindEndpoint(app, endpoints.sendTradeEnquiry, ({ ctx, body }) => helpCentre.sendTradeEnquiry(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.sendMarketingPressEnquiry, ({ ctx, body }) => helpCentre.sendMarketingPressEnquiry(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.requestCatalogue, ({ ctx, body }) => helpCentre.requestCatalogue(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.requestTradeCallback, ({ ctx, body }) => helpCentre.requestTradeCallback(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.emailProductToFriend, ({ ctx, body }) => helpCentre.emailProductToFriend(ctx, body, publicUrl), {
    rateLimit: PRODUCT_EMAIL_LIMIT,
  });
  bindEndpoint(app, endpoints.requestBackInStockNotice, ({ ctx, body }) => helpCentre.requestBackInStockNotice(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.getBackInStockNotice, ({ ctx, params }) => helpCentre.getBackInStockNotice(ctx, params.token));
  bindEndpoint(app, endpoints.unsubscribeBackInStockNotice, ({ ctx, params }) => helpCentre.unsubscribeBackInStockNotice(ctx, params.token));
  bindEndpoint(app, endpoints.sendFeedback, ({ ctx, body }) => helpCentre.sendFeedback(ctx, body, publicUrl), form);
  bindEndpoint(app, endpoints.getOpenRoles, async () => helpCentre.openRoles());
  bindEndpoint(app, endpoints.getErasurePlan, ({ ctx, params }) => helpCentre.erasurePlan(ctx, params.reference));
  bindEndpoint(app, endpoints.carryOutErasure, ({ ctx, params }) => helpCentre.carryOutErasure(ctx, params.reference));
  bindEndpoint(app, endpoints.getStockLevel, ({ ctx, params }) => helpCentre.stockLevel(ctx, params.sku));
  bindEndpoint(app, endpoints.addStock, ({ ctx, params, body }) => helpCentre.addStock(ctx, params.sku, body.quantity));

  // The two forms with files are read here, in a scope of their own that accepts multipart bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', createMultipartBodyParser({ limit: MAX_FORM_BYTES, field: 'body' }));
    bindEndpoint(
      scope,
      endpoints.requestElectricalRecycling,
      async ({ ctx, request }) => helpCentre.requestElectricalRecycling(ctx, files, await submittedForm(request), publicUrl),
      { rateLimit: UPLOAD_LIMIT },
    );
    bindEndpoint(scope, endpoints.applyForJob, async ({ ctx, request }) => helpCentre.applyForJob(ctx, files, await submittedForm(request), publicUrl), {
      rateLimit: UPLOAD_LIMIT,
    });
  });
}

/**
 * A multipart body's text fields (blank ones left out, as a form sends them) and files. Parsed here
 * with `Buffer.indexOf` rather than the platform's FormData: a form with two 2 MB photos is split in
 * well under a millisecond, and each file is a view of the body, not a copy (bench/enquiry.ts).
 */
async function submittedForm(request: FastifyRequest): Promise<SubmittedForm> {
  const body = request.body;
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
  if (!Buffer.isBuffer(body) || !boundary) throw EnquiryErrors.notMultipart();
  const parts = multipartParts(body, boundary[1] ?? boundary[2]!);
  if (!parts) throw EnquiryErrors.notMultipart();
  // No prototype: a field named __proto__ is just a field.
  const submitted: SubmittedForm = { fields: Object.create(null) as Record<string, string>, files: [] };
  for (const part of parts) {
    if (part.fileName === undefined) {
      const value = part.bytes.toString('utf8');
      // What PostgreSQL cannot store is refused as it is for JSON bodies.
      if (!isStorableText(value) || !isStorableText(part.name)) throw PlatformErrors.characterNotAllowed(`body.${part.name}`);
      if (value.trim() !== '') submitted.fields[part.name] = value;
    } else if (part.bytes.length > 0 || part.fileName) {
      if (part.bytes.length > MAX_FILE_BYTES) throw FilesErrors.fileTooLarge(`body.${part.name}`, part.fileName || undefined);
      submitted.files.push({ field: part.name, fileName: part.fileName || undefined, bytes: part.bytes });
    }
  }
  return submitted;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** The parts of a multipart/form-data body (RFC 7578), or null when it is not one. */
function multipartParts(body: Buffer, boundary: string): { name: string; fileName: string | undefined; bytes: Buffer }[] | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { name: string; fileName: string | undefined; bytes: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  if (at < 0) return null;
  for (;;) {
    at += delimiter.length;
    // The closing delimiter ends with "--".
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts;
    const headerEnd = body.indexOf(HEADER_END, at);
    if (headerEnd < 0) return null;
    const headers = body.toString('utf8', at, headerEnd);
    const next = body.indexOf(Buffer.from(`\r\n--${boundary}`), headerEnd + 4);
    if (next < 0) return null;
    const disposition = /content-disposition:\s*form-data\s*;([^\r\n]*)/i.exec(headers)?.[1] ?? '';
    const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
    if (name === undefined) return null;
    const fileName = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
    parts.push({ name, fileName, bytes: body.subarray(headerEnd + 4, next) });
    at = next + 2;
  }
}
