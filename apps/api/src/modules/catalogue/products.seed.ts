import { lineTotalExVatOf } from '@shop/contracts';
import type { Database } from '../../db/client.ts';
import { systemClock } from '../../platform/context.ts';
import type { Progress, Seed } from '../../seed/seed.ts';
import type { InventoryService } from '../inventory/index.ts';
import type { PricingService } from '../pricing/index.ts';
import { BRANDS, DEMO_PRODUCT_COUNT, DEPARTMENTS, demoPriceHistory, generateCatalogue, productGallery, type GeneratedCatalogue } from '@shop/demo/seeds';
import * as repository from './repository/products.ts';
import { insertPriceHistory } from './repository/price-history.ts';
import { referencePrice } from './reference-price.ts';

/** Demo prices are all at the standard VAT rate (20% since 4 January 2011: pricing's row). */
const DEMO_VAT_RATE = 'standard';
/** Products written (and reported to the progress bar) at a time. */
const BATCH = 500;

/** The seed prices with pricing's VAT rate and records stock with inventory. */
interface SeedDeps {
  pricing: PricingService;
  inventory: InventoryService;
}

/**
 * Inserts a generated catalogue (categories must exist). `addedAt` fixes "new in" dates so that a
 * seeded database is the same on every run; stock due dates count from `today`, so they lie ahead.
 */
export async function insertCatalogue(
  { pricing, inventory }: SeedDeps,
  db: Database,
  catalogue: GeneratedCatalogue,
  progress: Progress = () => {},
  addedAt = new Date(),
  today = new Date(),
): Promise<void> {
  const categoryRows = await repository.listCategories(db);
  const categoryId = new Map(categoryRows.map((row) => [row.slug, row.id]));
  const idOf = (slug: string) => {
    const id = categoryId.get(slug);
    if (id === undefined) throw new Error(`Seed refers to unknown category ${slug}`);
    return id;
  };
  const vat = (await pricing.vatRates({ db, clock: systemClock })).get(DEMO_VAT_RATE);
  if (!vat) throw new Error(`Seed needs the "${DEMO_VAT_RATE}" VAT rate, which pricing's migration writes`);
  const exVat = (incVat: number) => lineTotalExVatOf(incVat, 1, vat.basisPoints);
  await repository.insertCategoryFacets(
    db,
    DEPARTMENTS.flatMap((department) =>
      department.facets.map((facet, position) => ({
        categoryId: idOf(department.slug),
        identifier: facet.identifier,
        displayName: facet.displayName,
        position,
      })),
    ),
  );
  const brandRows = await repository.saveBrands(
    db,
    BRANDS.map(({ slug, name, tier }) => ({ slug, name, tier })),
  );
  const brandId = new Map(brandRows.map((row) => [row.slug, row.id]));
  const total = catalogue.products.length;
  const day = 86_400_000;
  for (let start = 0; start < total; start += BATCH) {
    const batch = catalogue.products.slice(start, start + BATCH);
    const skus = batch.flatMap((product) => product.offerings.map((offering) => ({ product, offering })));
    // Each sku's price history from when its product was added, and the was-price it allows today (docs/domain.md §1).
    const histories = skus.map(({ product, offering }) => {
      const steps = demoPriceHistory(product, offering.priceIncVat, new Date(addedAt.getTime() - product.ageDays * day), today).map((step) => ({
        ...step,
        priceExVat: exVat(step.priceIncVat),
      }));
      return { offeringId: offering.id, steps, was: referencePrice(steps, today) };
    });
    await repository.insertProductRows(db, {
      products: batch.map((product) => ({
        id: product.id,
        slug: product.slug,
        name: product.name,
        description: product.description,
        brandId: brandId.get(product.brandSlug) ?? 0,
        categoryId: idOf(product.categorySlug),
        family: product.family,
        isBundle: product.isBundle,
        guaranteeYears: product.guaranteeYears,
        isWeee: product.isWeee,
        returnability: product.returnability,
        deliveryClass: product.deliveryClass,
        specifications: product.specifications,
        ratingTenths: product.ratingTenths,
        reviewsCount: product.reviewsCount,
        questionsCount: product.questionsCount,
        popularity: product.popularity,
        searchText: product.searchText,
        createdAt: new Date(addedAt.getTime() - product.ageDays * day),
      })),
      offerings: skus.map(({ product, offering }, position) => ({
        id: offering.id,
        productId: product.id,
        sku: offering.sku,
        isDefault: offering.isDefault,
        label: offering.label,
        widthMm: offering.widthMm,
        finish: offering.finish,
        handing: offering.handing,
        packQty: offering.packQty,
        position,
      })),
      prices: skus.map(({ offering }, index) => ({
        offeringId: offering.id,
        vatRateCode: vat.code,
        priceIncVat: offering.priceIncVat,
        priceExVat: exVat(offering.priceIncVat),
        wasPriceIncVat: histories[index]!.was?.wasPriceIncVat ?? null,
        wasPriceExVat: histories[index]!.was?.wasPriceExVat ?? null,
      })),
      images: batch.flatMap(productGallery),
      facetValues: batch.flatMap((product) => product.facets.map(([facet, value]) => ({ productId: product.id, facet, value }))),
      badges: batch.flatMap((product) => product.badges.map((badge) => ({ productId: product.id, badge }))),
    });
    await insertPriceHistory(
      db,
      histories.flatMap(({ offeringId, steps }) => steps.map((step) => ({ offeringId, ...step }))),
    );
    await inventory.addStockLevels(
      { db },
      skus.map(({ offering }) => ({
        sku: offering.sku,
        onHand: offering.stock.onHand,
        status: offering.stock.status,
        eta: offering.stock.etaDays === null ? null : new Date(today.getTime() + offering.stock.etaDays * day).toISOString().slice(0, 10),
      })),
    );
    progress(batch[batch.length - 1]?.id ?? 0, total);
  }
  await repository.insertProductLinks(db, {
    bundleComponents: catalogue.bundles.flatMap((bundle) => bundle.components.map((component) => ({ bundleProductId: bundle.productId, ...component }))),
    essentialItems: catalogue.essentials.map((item, position) => ({ ...item, position })),
    userContent: catalogue.userContent.map((item) => ({ ...item, imageUrl: `/images/user-content/${item.productId}.svg` })),
  });
  await repository.moveIdSequencesPastRows(db);
  await repository.insertListings(db, [
    { slug: 'new-in', title: 'New in', listingType: 100 },
    { slug: 'bathroom-sale', title: 'Bathroom sale', listingType: 200, filters: { on_offer: ['yes'] } },
    { slug: 'shower-offers', title: 'Shower offers', listingType: 200, categoryId: idOf('showers'), filters: { on_offer: ['yes'] } },
  ]);
}

/** Fixed so the demo catalogue's "new in" dates do not depend on when it was seeded. */
const SEEDED_AT = new Date('2026-11-01T00:00:00Z');

/** The demo products: `productCount` generated ones (benchmarks ask for 100,000), with their prices and stock. */
export function productsSeed(deps: SeedDeps, productCount = DEMO_PRODUCT_COUNT): Seed {
  return {
    name: 'catalogue:products',
    size: productCount,
    run: (db, progress) => insertCatalogue(deps, db, generateCatalogue(productCount), progress, SEEDED_AT, new Date()),
  };
}
