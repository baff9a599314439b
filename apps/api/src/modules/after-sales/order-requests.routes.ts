import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DAMAGE_ISSUE_TYPES,
  helpCentreOrderEndpoints as endpoints,
  ORDER_HELP_MAX_PHOTOS,
  orderLinkTokenOf,
  OrderHelpLineInputSchema,
  type EndpointDefinition,
  type ResponseOf,
} from '@shop/contracts';
import { z } from 'zod';
import { sendPdfDownload } from '../../platform/pdf-download.ts';
import { bindEndpoint, type HandlerInput } from '../../platform/bind.ts';
import { IMAGE_TYPES, type FilesService, type UploadForm } from '../files/index.ts';
import type { OrderProof } from '../orders/index.ts';
import type { AfterSalesService } from './after-sales.service.ts';
import type { DamageReport } from './order-requests.ts';
import { OrderRequestErrors } from './order-requests.errors.ts';

/**
 * A guest asks for the link to an order with its number and e-mail address, as tracking checks
 * them: the same budget per client as tracking's (decision 0015), so pairs cannot be guessed faster
 * through these calls. The calls the link opens share it too.
 */
const ORDER_HELP_LIMIT = { max: 20, timeWindow: '1 minute', groupId: 'order-tracking' };
/** The report's fields and up to six photos: a seventh is refused as it starts, a file in another field at once. */
const REPORT_FORM = {
  files: { photos: ORDER_HELP_MAX_PHOTOS },
  notAForm: OrderRequestErrors.photosMissing,
  tooManyFiles: () => OrderRequestErrors.tooManyPhotos(ORDER_HELP_MAX_PHOTOS),
};

export async function registerOrderRequestsRoutes(app: FastifyInstance, afterSales: AfterSalesService, files: FilesService): Promise<void> {
  const limited = { rateLimit: ORDER_HELP_LIMIT };
  /** Binds a call on one order with the caller's proof read from its header (decision 0049), within the shared budget. */
  const bindWithProof = <E extends EndpointDefinition>(endpoint: E, call: (input: HandlerInput<E>, proof: OrderProof) => Promise<ResponseOf<E>>) =>
    bindEndpoint(app, endpoint, (input) => call(input, proofOf(input.request)), limited);
  bindEndpoint(app, endpoints.requestOrderLink, ({ ctx, params, body }) => afterSales.requestOrderLink(ctx, params.id, body), limited);
  bindWithProof(endpoints.openOrderLink, ({ ctx }, proof) => afterSales.openOrderLink(ctx, proof.linkToken ?? ''));
  bindWithProof(endpoints.getOrderProducts, ({ ctx, params }, proof) => afterSales.orderProducts(ctx, params.orderGuid, proof));
  bindWithProof(endpoints.cancelOrder, ({ ctx, params, body }, proof) => afterSales.cancelOrder(ctx, params.id, body, proof));
  bindWithProof(endpoints.requestUnwantedItemsReturn, ({ ctx, params, body }, proof) => afterSales.requestUnwantedItems(ctx, params.id, body, proof));
  bindWithProof(endpoints.askAboutReturnedItemsRefund, ({ ctx, params, body }, proof) => afterSales.askAboutRefund(ctx, params.id, body, proof));
  bindWithProof(endpoints.askOrderQuestion, ({ ctx, params, body }, proof) => afterSales.askOrderQuestion(ctx, params.id, body, proof));
  bindWithProof(endpoints.requestOrderAmendment, ({ ctx, params, body }, proof) => afterSales.requestAmendment(ctx, params.id, body, proof));
  bindWithProof(endpoints.confirmDeliveryTerms, ({ ctx, body }, proof) => afterSales.confirmDeliveryTerms(ctx, body, proof));
  bindEndpoint(
    app,
    endpoints.downloadVatInvoice,
    async ({ ctx, params, query, request, reply }) => {
      return sendPdfDownload(reply, await afterSales.vatInvoice(ctx, params.id, proofOf(request), query.number));
    },
    limited,
  );
  // The report is read here, in a scope of its own that accepts multipart bodies. Awaited, so its
  // route is added while the platform still gives new routes their input checks.
  await app.register(async (scope) => {
    await files.acceptUploads(scope);
    bindEndpoint(
      scope,
      endpoints.reportDamagedOrMissingItems,
      async ({ ctx, params, request }) => {
        // Who may change the order is known from the headers: a caller without the right is refused before the upload is read.
        await afterSales.checkOrderProof(ctx, params.id, proofOf(request));
        const form = await files.readUploadForm(request, REPORT_FORM);
        const report = damageReport(form);
        // Who may report, and the window, are checked before a single photo is stored; the photos
        // are all checked before any is stored, and removed again if the report is not recorded.
        await afterSales.checkDamageReport(ctx, params.id, report, proofOf(request));
        const photos = form.files.map((photo, index) => ({
          purpose: 'help-request' as const,
          accept: IMAGE_TYPES,
          fileName: photo.fileName,
          bytes: photo.bytes,
          field: `body.photos.${index}`,
        }));
        return files.storeUploads(ctx, photos, (stored) => afterSales.reportDamagedOrMissing(ctx, params.id, { ...report, photos: stored }, proofOf(request)));
      },
      limited,
    );
  });

  // staff: returns
  bindEndpoint(app, endpoints.getReturn, ({ ctx, params }) => afterSales.getReturn(ctx, params.reference));
  bindEndpoint(app, endpoints.authoriseReturn, ({ ctx, params, body }) => afterSales.authoriseReturn(ctx, params.reference, body));
  bindEndpoint(app, endpoints.refuseReturn, ({ ctx, params, body }) => afterSales.refuseReturn(ctx, params.reference, body));
  bindEndpoint(app, endpoints.receiveReturn, ({ ctx, params }) => afterSales.receiveReturn(ctx, params.reference));
}

/** The e-mailed link's token, from its header only (decision 0049): never from an address or a body, which get logged and kept. */
function proofOf(request: FastifyRequest): OrderProof {
  return { linkToken: orderLinkTokenOf(request.headers) };
}

const ReportFieldsSchema = z.object({
  lines: z.array(OrderHelpLineInputSchema, { error: 'Choose at least one item' }).min(1, 'Choose at least one item').max(100, 'Choose 100 items or fewer'),
  issueType: z.enum(DAMAGE_ISSUE_TYPES, { error: 'Choose whether items are damaged, missing or wrong' }),
  description: z
    .string({ error: 'Describe what is wrong' })
    .trim()
    .min(1, 'Describe what is wrong')
    .max(2000, 'The description must be 2000 characters or fewer'),
  podSignedDamaged: z.enum(['yes', 'no'], { error: 'Say whether you signed the delivery note as damaged' }),
  emailAddress: z
    .string()
    .trim()
    .max(320, 'E-mail address must be 320 characters or fewer')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter an e-mail address in the correct format, like name@example.com')
    .optional(),
});

/** The report's fields from the form, each refusal naming its field in the house's words. */
function damageReport(form: UploadForm): Omit<DamageReport, 'photos'> {
  const text = (name: string) => form.fields[name];
  let lines: unknown;
  try {
    lines = JSON.parse(text('lines') ?? 'null');
  } catch {
    throw OrderRequestErrors.fieldInvalid('lines', 'Choose at least one item');
  }
  const parsed = ReportFieldsSchema.safeParse({
    lines: lines ?? undefined,
    issueType: text('issueType'),
    description: text('description'),
    podSignedDamaged: text('podSignedDamaged'),
    emailAddress: text('emailAddress'),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw OrderRequestErrors.fieldInvalid(String(issue.path[0] ?? 'form'), issue.message);
  }
  const { podSignedDamaged, ...rest } = parsed.data;
  return { ...rest, podSignedDamaged: podSignedDamaged === 'yes' };
}
