import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DAMAGE_ISSUE_TYPES, helpCentreOrderEndpoints as endpoints, ORDER_HELP_MAX_PHOTOS, OrderHelpLineInputSchema } from '@shop/contracts';
import { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import { bindEndpoint } from '../../platform/bind.ts';
import { createMultipartBodyParser, FilesErrors, MAX_FILE_BYTES, type FilesService, type StoredFile } from '../files/index.ts';
import type { HelpCentreService } from './help-centre.service.ts';
import type { DamageReport } from './order-requests.ts';
import { OrderRequestErrors } from './order-requests.errors.ts';

/**
 * A guest proves an order with its number and e-mail address, as tracking does: the same budget
 * per client as tracking's (decision 0015), so pairs cannot be guessed faster through these calls.
 */
const ORDER_HELP_LIMIT = { max: 20, timeWindow: '1 minute', groupId: 'order-tracking' };
/** Six photos of 5 MB and a few short fields. */
const MULTIPART_LIMIT_BYTES = ORDER_HELP_MAX_PHOTOS * MAX_FILE_BYTES + 256 * 1024;

export async function registerOrderRequestsRoutes(app: FastifyInstance, helpCentre: HelpCentreService, files: FilesService): Promise<void> {
  const { config } = app.platform;
  const env = { publicUrl: config.publicUrl, platform: app.platform };
  const limited = { rateLimit: ORDER_HELP_LIMIT };
  bindEndpoint(app, endpoints.getOrderProducts, ({ ctx, params, query }) => helpCentre.orderProducts(ctx, params.orderGuid, query.emailAddress), limited);
  bindEndpoint(app, endpoints.cancelOrder, ({ ctx, params, body }) => helpCentre.cancelOrder(ctx, params.id, body, env), limited);
  bindEndpoint(app, endpoints.requestUnwantedItemsReturn, ({ ctx, params, body }) => helpCentre.requestUnwantedItems(ctx, params.id, body, env), limited);
  bindEndpoint(app, endpoints.askAboutReturnedItemsRefund, ({ ctx, params, body }) => helpCentre.askAboutRefund(ctx, params.id, body, env), limited);
  bindEndpoint(app, endpoints.askOrderQuestion, ({ ctx, params, body }) => helpCentre.askOrderQuestion(ctx, params.id, body, env), limited);
  bindEndpoint(app, endpoints.requestOrderAmendment, ({ ctx, params, body }) => helpCentre.requestAmendment(ctx, params.id, body, env), limited);
  bindEndpoint(app, endpoints.confirmDeliveryTerms, ({ ctx, body }) => helpCentre.confirmDeliveryTerms(ctx, body, env), limited);
  bindEndpoint(
    app,
    endpoints.downloadVatInvoice,
    async ({ ctx, params, query, reply }) => {
      const invoice = await helpCentre.vatInvoice(ctx, params.id, query.emailAddress, config.shop);
      return reply
        .headers({
          'content-type': 'application/pdf',
          'content-disposition': `attachment; filename="${invoice.fileName}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        })
        .send(Buffer.from(invoice.bytes)) as never;
    },
    limited,
  );
  // The report is read here, in a scope of its own that accepts multipart bodies. Awaited, so its
  // route is added while the platform still gives new routes their input checks.
  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', createMultipartBodyParser({ limit: MULTIPART_LIMIT_BYTES, field: 'photos' }));
    bindEndpoint(
      scope,
      endpoints.reportDamagedOrMissingItems,
      async ({ ctx, params, request }) => {
        const { report, photos } = await readDamageReport(request);
        // Who may report, and the window, are checked before a single photo is stored.
        await helpCentre.checkDamageReport(ctx, params.id, report);
        const stored = await storePhotos(ctx, files, photos);
        return helpCentre.reportDamagedOrMissing(ctx, params.id, { ...report, photos: stored }, env);
      },
      limited,
    );
  });

  // staff: returns
  bindEndpoint(app, endpoints.getReturn, ({ ctx, params }) => helpCentre.getReturn(ctx, params.reference));
  bindEndpoint(app, endpoints.authoriseReturn, ({ ctx, params, body }) => helpCentre.authoriseReturn(ctx, params.reference, body, env));
  bindEndpoint(app, endpoints.refuseReturn, ({ ctx, params, body }) => helpCentre.refuseReturn(ctx, params.reference, body, env));
  bindEndpoint(app, endpoints.receiveReturn, ({ ctx, params }) => helpCentre.receiveReturn(ctx, params.reference, env));
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

/** JPEG or PNG, by the first bytes: a damage photo is an image, never a document. */
const isImage = (bytes: Uint8Array) =>
  (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) || (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47);

interface Photo {
  fileName: string | undefined;
  bytes: Uint8Array;
}

/** The report's fields and photos from the multipart body, each refusal naming its field in the house's words. */
async function readDamageReport(request: FastifyRequest): Promise<{ report: Omit<DamageReport, 'photos'>; photos: Photo[] }> {
  const body = request.body;
  if (!Buffer.isBuffer(body)) throw OrderRequestErrors.photosMissing();
  let form: FormData;
  try {
    form = await new Response(Uint8Array.from(body), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
  } catch {
    throw OrderRequestErrors.photosMissing();
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  };
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
  const files = form.getAll('photos').filter((value): value is File => typeof value !== 'string' && value.size > 0);
  if (files.length > ORDER_HELP_MAX_PHOTOS) throw OrderRequestErrors.tooManyPhotos(ORDER_HELP_MAX_PHOTOS);
  const photos: Photo[] = [];
  for (const file of files) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.length > MAX_FILE_BYTES) throw FilesErrors.fileTooLarge('photos', file.name);
    if (!isImage(bytes)) throw OrderRequestErrors.photoNotAnImage(file.name ? file.name.replace(/^.*[\\/]/, '') || 'That file' : 'That file');
    photos.push({ fileName: file.name || undefined, bytes });
  }
  const { podSignedDamaged, ...rest } = parsed.data;
  return { report: { ...rest, podSignedDamaged: podSignedDamaged === 'yes' }, photos };
}

/** Stores the photos through the files module (its own checks and safe names) for the help request. */
async function storePhotos(ctx: ServiceContext, files: FilesService, photos: readonly Photo[]): Promise<StoredFile[]> {
  const stored: StoredFile[] = [];
  for (const [index, photo] of photos.entries())
    stored.push(await files.storeUpload(ctx, { purpose: 'help-request', fileName: photo.fileName, bytes: photo.bytes, field: `photos.${index}` }));
  return stored;
}
