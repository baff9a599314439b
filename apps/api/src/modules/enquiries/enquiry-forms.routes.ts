import type { FastifyInstance } from 'fastify';
import { helpCentreEnquiryEndpoints as endpoints, WEEE_MAX_PHOTOS } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { FilesService } from '../files/index.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import type { EnquiriesService } from './enquiries.service.ts';

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

export async function registerEnquiriesRoutes(app: FastifyInstance, enquiries: EnquiriesService, files: FilesService): Promise<void> {
  const form = { rateLimit: FORM_LIMIT };
  bindEndpoint(app, endpoints.requestPriceMatch, ({ ctx, body }) => enquiries.requestPriceMatch(ctx, body), form);
  bindEndpoint(app, endpoints.askProductQuestion, ({ ctx, body }) => enquiries.askProductQuestion(ctx, body), form);
  bindEndpoint(app, endpoints.sendGeneralEnquiry, ({ ctx, body }) => enquiries.sendGeneralEnquiry(ctx, body), form);
  bindEndpoint(app, endpoints.sendRetailPartnerProductForm, ({ ctx, body }) => enquiries.sendRetailPartnerProductForm(ctx, body), form);
  bindEndpoint(app, endpoints.requestAccountDeletion, ({ ctx, body }) => enquiries.requestAccountDeletion(ctx, body), form);
  bindEndpoint(app, endpoints.confirmAccountDeletion, ({ ctx, params }) => enquiries.confirmAccountDeletion(ctx, params.token), form);
  bindEndpoint(app, endpoints.sendTradeEnquiry, ({ ctx, body }) => enquiries.sendTradeEnquiry(ctx, body), form);
  bindEndpoint(app, endpoints.sendMarketingPressEnquiry, ({ ctx, body }) => enquiries.sendMarketingPressEnquiry(ctx, body), form);
  bindEndpoint(app, endpoints.requestCatalogue, ({ ctx, body }) => enquiries.requestCatalogue(ctx, body), form);
  bindEndpoint(app, endpoints.requestTradeCallback, ({ ctx, body }) => enquiries.requestTradeCallback(ctx, body), form);
  bindEndpoint(app, endpoints.emailProductToFriend, ({ ctx, body }) => enquiries.emailProductToFriend(ctx, body), {
    rateLimit: PRODUCT_EMAIL_LIMIT,
  });
  bindEndpoint(app, endpoints.sendFeedback, ({ ctx, body }) => enquiries.sendFeedback(ctx, body), form);
  bindEndpoint(app, endpoints.getOpenRoles, async () => enquiries.openRoles());

  // The two forms with files are read here, in a scope of their own that accepts multipart bodies.
  await app.register(async (scope) => {
    await files.acceptUploads(scope);
    bindEndpoint(
      scope,
      endpoints.requestElectricalRecycling,
      async ({ ctx, request }) => enquiries.requestElectricalRecycling(ctx, await files.readUploadForm(request, WEEE_FORM)),
      { rateLimit: UPLOAD_LIMIT },
    );
    bindEndpoint(
      scope,
      endpoints.applyForJob,
      async ({ ctx, request }) => enquiries.applyForJob(ctx, await files.readUploadForm(request, JOB_APPLICATION_FORM)),
      { rateLimit: UPLOAD_LIMIT },
    );
  });
}
