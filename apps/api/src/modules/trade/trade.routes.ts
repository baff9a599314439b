import type { FastifyInstance } from 'fastify';
import { tradeEndpoints as endpoints, tradeTermsEndpoints as terms } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { FilesService } from '../files/index.ts';
import { TradeErrors } from './trade.errors.ts';
import type { TradeService } from './trade.service.ts';

/** A staff reset sends an e-mail: a few a minute per reviewer is plenty. */
const RESET_LIMIT = { max: 5, timeWindow: '1 minute' };
/** Uploads are large: a person adds a handful of documents, not hundreds. */
const UPLOAD_LIMIT = { max: 20, timeWindow: '1 minute' };
/** One document a call, in `file`, with `kind` beside it; refusals name the field `file`, as the application form expects. */
const DOCUMENT_FORM = { files: { file: 1 }, notAForm: TradeErrors.documentMissing, tooManyFiles: TradeErrors.documentOneAtATime, path: () => 'file' };

/** `files` reads the multipart upload of a document; trade's service stores it. */
export async function registerTradeRoutes(
  app: FastifyInstance,
  trade: TradeService,
  files: Pick<FilesService, 'acceptUploads' | 'readUploadForm'>,
): Promise<void> {
  // applying
  bindEndpoint(app, endpoints.submitTradeApplication, ({ ctx, body }) => trade.submitApplication(ctx, body));
  bindEndpoint(app, endpoints.getMyTradeApplication, ({ ctx }) => trade.getMyApplication(ctx));
  bindEndpoint(app, endpoints.resubmitMyTradeApplication, ({ ctx, body }) => trade.resubmitMyApplication(ctx, body));
  // The upload is read here, in a scope of its own that accepts multipart bodies (no other route does).
  // Awaited, so its route is added while the platform still gives new routes their input checks.
  await app.register(async (scope) => {
    await files.acceptUploads(scope);
    bindEndpoint(
      scope,
      endpoints.uploadTradeApplicationDocument,
      async ({ ctx, request }) => {
        const {
          fields,
          files: [document],
        } = await files.readUploadForm(request, DOCUMENT_FORM);
        if (!document) throw TradeErrors.documentMissing();
        return trade.addDocument(ctx, { fileName: document.fileName, bytes: document.bytes, kind: fields.kind });
      },
      { rateLimit: UPLOAD_LIMIT },
    );
  });
  bindEndpoint(app, endpoints.getTradeApplicationDocument, async ({ ctx, params, reply }) => {
    const file = await trade.openDocument(ctx, params.tradeExternalId, params.documentId);
    return reply.headers(file.headers).send(file.body) as never;
  });

  // reviewing
  bindEndpoint(app, endpoints.searchTradeApplications, ({ ctx, body }) => trade.searchApplications(ctx, body));
  bindEndpoint(app, endpoints.getTradeApplication, ({ ctx, params }) => trade.getApplication(ctx, params.tradeExternalId));
  bindEndpoint(app, endpoints.approveTradeApplication, ({ ctx, params, body }) => trade.approve(ctx, params.id, body));
  bindEndpoint(app, endpoints.disapproveTradeApplication, ({ ctx, params, body }) => trade.disapprove(ctx, params.id, body));
  bindEndpoint(app, endpoints.requireMoreInfoForTradeApplication, ({ ctx, params, body }) => trade.requireMoreInfo(ctx, params.id, body));

  // accounts and businesses
  bindEndpoint(app, endpoints.searchTradeAccounts, ({ ctx, body }) => trade.searchAccounts(ctx, body));
  bindEndpoint(app, endpoints.searchBusinesses, ({ ctx, query }) => trade.searchBusinesses(ctx, query.searchString));
  bindEndpoint(app, endpoints.getInternalAccount, ({ ctx, params }) => trade.getInternalAccount(ctx, params.id));
  bindEndpoint(app, endpoints.getTradeAccountInternal, ({ ctx, params }) => trade.getAccountForStaff(ctx, params.id));
  bindEndpoint(app, endpoints.getTradeBandAccountByEmail, ({ ctx, params }) => trade.getBandAccountByEmail(ctx, params.email));
  bindEndpoint(app, endpoints.getTradeBandAccount, ({ ctx, params }) => trade.getBandAccount(ctx, params.tradeExternalId));
  bindEndpoint(app, endpoints.getTradeAccount, ({ ctx, params }) => trade.getAccount(ctx, params.tradeExternalId));
  bindEndpoint(app, endpoints.updateTradeAccountDetails, ({ ctx, params, body }) => trade.updateDetails(ctx, params.tradeExternalId, body));
  bindEndpoint(app, endpoints.updateTradeAccountBusiness, ({ ctx, params, body }) => trade.updateBusiness(ctx, params.id, body));
  bindEndpoint(app, endpoints.setBusinessTradeBand, ({ ctx, params, body }) => trade.setBusinessBand(ctx, params.id, body));
  bindEndpoint(app, endpoints.resetTradeAccountPassword, ({ ctx, params }) => trade.resetPassword(ctx, params.id), { rateLimit: RESET_LIMIT });

  // bands and the trade customer's pages
  bindEndpoint(app, endpoints.getTradeBands, ({ ctx }) => trade.tradeBands(ctx));
  bindEndpoint(app, endpoints.getTradeSummary, ({ ctx }) => trade.tradeSummary(ctx));
  bindEndpoint(app, endpoints.getBuyAgainProducts, ({ ctx, query }) => trade.buyAgain(ctx, query.limit));

  // terms
  bindEndpoint(app, terms.getTradeTerms, ({ ctx }) => trade.currentTerms(ctx));
  bindEndpoint(app, terms.checkTermsAndConditions, ({ ctx }) => trade.checkTerms(ctx));
  bindEndpoint(app, terms.acceptTermsAndConditions, ({ ctx, query }) => trade.acceptTerms(ctx, query.version));
}
