import type { FastifyInstance } from 'fastify';
import { RANGE_FILE_MAX_BYTES, catalogueEditorEndpoints as editor, catalogueEndpoints as endpoints, deliveryEndpoints } from '@shop/contracts';
import { bindEndpoint } from '../../platform/bind.ts';
import type { FilesService } from '../files/index.ts';
import { CatalogueErrors } from './catalogue.errors.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** The file base64 (4 bytes for 3) and the JSON around it. */
const RANGE_IMPORT_BODY_LIMIT = Math.ceil(RANGE_FILE_MAX_BYTES / 3) * 4 + 64 * 1024;

/** A variant's picture, in an `image` field: one at a time. */
const IMAGE_FORM = { files: { image: 1 }, notAForm: CatalogueErrors.imageFormRefused, tooManyFiles: CatalogueErrors.oneImage, path: () => 'body.image' };
/** A product's picture never changes under its id: a day in any cache (a picture removed is gone from caches by the next day). */
const IMAGE_CACHE = 'public, max-age=86400, immutable';

export async function registerCatalogueRoutes(app: FastifyInstance, service: CatalogueService, files: FilesService): Promise<void> {
  bindEndpoint(app, endpoints.getNavigation, ({ ctx }) => service.getNavigation(ctx));
  bindEndpoint(app, endpoints.getProductSummary, ({ ctx, query }) => service.showProductSummary(ctx, { slug: query.slug }));
  bindEndpoint(app, endpoints.getProductSummaryBySku, ({ ctx, query }) => service.showProductSummary(ctx, { sku: query.sku }));
  bindEndpoint(app, endpoints.getQuickView, ({ ctx, query }) => service.showProductSummary(ctx, { slug: query.slug }));
  bindEndpoint(app, endpoints.listCategory, ({ ctx, body }) => service.listCategory(ctx, body));
  bindEndpoint(app, endpoints.refineCategory, ({ ctx, body }) => service.listCategory(ctx, body));
  bindEndpoint(app, endpoints.search, ({ ctx, body }) => service.search(ctx, body));
  bindEndpoint(app, endpoints.refineSearch, ({ ctx, body }) => service.search(ctx, body));
  bindEndpoint(app, endpoints.autocomplete, ({ ctx, query }) => service.autocomplete(ctx, query.query));
  bindEndpoint(app, endpoints.refinePromotion, ({ ctx, body }) => service.listPromotion(ctx, body));
  bindEndpoint(app, endpoints.getEssentialItems, ({ ctx, query }) => service.getEssentialItems(ctx, query.sku, query.bundleId ?? null));
  bindEndpoint(app, endpoints.getUserContentCarousel, ({ ctx, params }) => service.getUserContentCarousel(ctx, params.id));
  bindEndpoint(app, endpoints.getPromotions, ({ ctx }) => service.getPromotions(ctx));
  bindEndpoint(app, endpoints.getSitemapProducts, ({ ctx, query }) => service.getSitemapProducts(ctx, query.pageNumber));
  bindEndpoint(app, endpoints.getCarousels, ({ ctx, body }) => service.getCarousels(ctx, body));
  bindEndpoint(app, endpoints.getTradePrices, ({ ctx, body, reply }) => {
    // One customer's prices: no shared cache may keep them.
    reply.header('cache-control', 'private, no-store');
    return service.getTradePrices(ctx, body.skus);
  });
  // The delivery service's call about one product: the product is the catalogue's, the rules delivery's.
  bindEndpoint(app, deliveryEndpoints.getProductDeliveryOptions, ({ ctx, body }) => service.getProductDeliveryOptions(ctx, body));
  // Staff's product editor (catalogue managers): answers about one member of staff's view, kept by no cache.
  bindEndpoint(app, editor.searchStaffProducts, ({ ctx, query }) => service.searchStaffProducts(ctx, query));
  bindEndpoint(app, editor.getStaffProduct, ({ ctx, params }) => service.getStaffProduct(ctx, params.id));
  bindEndpoint(app, editor.getStaffBoughtTogether, ({ ctx, params }) => service.getStaffBoughtTogether(ctx, params.id));
  bindEndpoint(app, editor.chooseStaffBoughtTogether, ({ ctx, params, body }) =>
    service.chooseStaffBoughtTogether(ctx, params.id, params.pairedProductId, body.choice),
  );
  bindEndpoint(app, editor.updateStaffProduct, ({ ctx, params, body }) => service.updateStaffProduct(ctx, params.id, body));
  bindEndpoint(app, editor.getStaffProductChoices, ({ ctx }) => service.getStaffProductChoices(ctx));
  bindEndpoint(app, editor.createStaffProduct, ({ ctx, body }) => service.createStaffProduct(ctx, body));
  bindEndpoint(app, editor.addStaffVariant, ({ ctx, params, body }) => service.addStaffVariant(ctx, params.id, body));
  bindEndpoint(app, editor.getProductImage, async ({ ctx, params, reply }) => {
    const file = await service.openProductImage(ctx, params.imageId);
    // Shown in pages, or opened on its own in a tab: inline, never a download.
    return reply.headers({ ...file.headers, 'content-disposition': 'inline', 'cache-control': IMAGE_CACHE }).send(file.body) as never;
  });
  bindEndpoint(app, editor.removeStaffVariantImage, ({ ctx, params, body }) => service.removeStaffVariantImage(ctx, { ...params, version: body.version }));
  bindEndpoint(app, editor.moveStaffVariantImage, ({ ctx, params, body }) => service.moveStaffVariantImage(ctx, params, body));
  bindEndpoint(app, editor.addStaffEssential, ({ ctx, params, body }) => service.addStaffEssential(ctx, params.id, body));
  bindEndpoint(app, editor.changeStaffEssential, ({ ctx, params, body }) => service.changeStaffEssential(ctx, params.id, params.essentialId, body));
  bindEndpoint(app, editor.removeStaffEssential, ({ ctx, params, body }) => service.removeStaffEssential(ctx, params.id, params.essentialId, body.version));
  bindEndpoint(app, editor.moveStaffEssential, ({ ctx, params, body }) => service.moveStaffEssential(ctx, params.id, params.essentialId, body));
  bindEndpoint(app, editor.addStaffBundleItem, ({ ctx, params, body }) => service.addStaffBundleItem(ctx, params.id, body));
  bindEndpoint(app, editor.removeStaffBundleItem, ({ ctx, params, body }) => service.removeStaffBundleItem(ctx, params.id, params.sku, body.version));
  bindEndpoint(app, editor.moveStaffBundleItem, ({ ctx, params, body }) => service.moveStaffBundleItem(ctx, params.id, params.sku, body));
  bindEndpoint(app, editor.changeStaffBundleItem, ({ ctx, params, body }) => service.changeStaffBundleItem(ctx, params.id, params.sku, body));
  bindEndpoint(app, editor.addStaffBundleEssential, ({ ctx, params, body }) => service.addStaffBundleEssential(ctx, params.id, params.sku, body));
  bindEndpoint(app, editor.changeStaffBundleEssential, ({ ctx, params: { id, sku, essentialId }, body }) =>
    service.changeStaffBundleEssential(ctx, id, sku, essentialId, body),
  );
  bindEndpoint(app, editor.removeStaffBundleEssential, ({ ctx, params: { id, sku, essentialId }, body }) =>
    service.removeStaffBundleEssential(ctx, id, sku, essentialId, body.version),
  );
  bindEndpoint(app, editor.changeStaffPrice, ({ ctx, params, body }) => service.changeStaffPrice(ctx, params.id, body));
  // The range as a file and as a feed (range-import.ts): a file of up to 10 MB travels base64 in JSON.
  bindEndpoint(app, editor.exportStaffRange, ({ ctx, query }) => service.exportRange(ctx, query.after, query.limit));
  bindEndpoint(app, editor.checkRangeImport, ({ ctx, body }) => service.checkRangeImport(ctx, body), { bodyLimit: RANGE_IMPORT_BODY_LIMIT });
  bindEndpoint(app, editor.getRangeImport, ({ ctx, params }) => service.getRangeImport(ctx, params.id));
  bindEndpoint(app, editor.applyRangeImport, ({ ctx, params }) => service.applyRangeImport(ctx, params.id));
  bindEndpoint(app, editor.postRangeFeed, ({ ctx, body }) => service.postRangeFeed(ctx, body), { bodyLimit: RANGE_IMPORT_BODY_LIMIT });
  bindEndpoint(app, editor.cancelStaffPrice, ({ ctx, params, body }) => service.cancelStaffPrice(ctx, params.id, params.scheduleId, body.version));
  // The picture is read in a scope of its own that accepts multipart bodies, as its bytes arrive.
  await app.register(async (scope) => {
    await files.acceptUploads(scope);
    bindEndpoint(scope, editor.addStaffVariantImage, async ({ ctx, params, request }) =>
      service.addStaffVariantImage(ctx, params.id, params.sku, (await files.readUploadForm(request, IMAGE_FORM)).files),
    );
  });
}
