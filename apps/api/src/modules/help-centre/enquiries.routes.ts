import type { FastifyInstance } from 'fastify';
import { helpCentreEnquiryEndpoints as endpoints, WEEE_MAX_PHOTOS } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { FilesService } from '../files/index.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import type { HelpCentreService } from './help-centre.service.ts';

/** Sending a product to a friend e-mails a stranger: a few a minute per client is plenty, and spam is not. */
const PRODUCT_EMAIL_LIMIT = { max: 5, timeWindow: '1 minute' };
/** Forms a person fills in: generous for people, tight for a script. */
const FORM_LIMIT = { max: 30, timeWindow: '1 minute' };
/** Uploads are large: a person sends a handful of forms with files, not hundreds. */
const UPLOAD_LIMIT = { max: 20, timeWindow: '1 minute' };
/** The forms with files: a file past the form's number, or in another field, is refused as it starts. */
const formWithFiles = (field: string, max: number) => ({
  files: { [field]: max },
  notAForm: EnquiryErrors.notMultipart,
  tooManyFiles: EnquiryErrors.tooManyFiles,
  otherFile: () => EnquiryErrors.tooManyFiles(field, max),
});
const WEEE_FORM = formWithFiles('photos', WEEE_MAX_PHOTOS);
const JOB_APPLICATION_FORM = formWithFiles('cv', 1);

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
  bindEndpoint(app, endpoints.getStockLevel, ({ ctx, params }) => helpCentre.stockLevel(ctx, params.sku));
  bindEndpoint(app, endpoints.addStock, ({ ctx, params, body }) => helpCentre.addStock(ctx, params.sku, body.quantity));

  // The two forms with files are read here, in a scope of their own that accepts multipart bodies.
  await app.register(async (scope) => {
    await files.acceptUploads(scope);
    bindEndpoint(
      scope,
      endpoints.requestElectricalRecycling,
      async ({ ctx, request }) => helpCentre.requestElectricalRecycling(ctx, files, await files.readUploadForm(request, WEEE_FORM), publicUrl),
      { rateLimit: UPLOAD_LIMIT },
    );
    bindEndpoint(
      scope,
      endpoints.applyForJob,
      async ({ ctx, request }) => helpCentre.applyForJob(ctx, files, await files.readUploadForm(request, JOB_APPLICATION_FORM), publicUrl),
      { rateLimit: UPLOAD_LIMIT },
    );
  });
}
