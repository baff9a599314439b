import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeOnly, findBoundaryViolations } from './check-boundaries.ts';

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('module boundary check', () => {
  it('allows a module to use another through its index.ts, and its own files freely', () => {
    const root = tree({
      'apps/api/src/modules/basket/basket.service.ts':
        "import { x } from './basket.repository.ts';\nimport type { CatalogueService } from '../catalogue/index.ts';",
      'apps/api/src/modules/basket/basket.repository.ts': 'export const x = 1;',
      'apps/api/src/modules/catalogue/index.ts': 'export interface CatalogueService { x: number }\nexport function createCatalogueService() {}',
      'apps/api/src/api.ts': "import { createCatalogueService } from './modules/catalogue/index.ts';",
      'apps/api/src/modules/basket/basket.api.test.ts': "import { signIn } from '../identity/testing.ts';",
      'apps/api/src/modules/identity/testing.ts': 'export const signIn = 1;',
    });
    expect(findBoundaryViolations(root)).toEqual([]);
  });

  it('flags reaching into another module, platform code using a module, and the web importing the API', () => {
    const root = tree({
      'apps/api/src/modules/basket/basket.service.ts': "import { categories } from '../catalogue/catalogue.tables.ts';",
      'apps/api/src/modules/catalogue/catalogue.tables.ts': 'export const categories = 1;',
      'apps/api/src/modules/orders/orders.service.ts': "import { signIn } from '../identity/testing.ts';",
      'apps/api/src/platform/app.ts': "export { x } from '../modules/catalogue/index.ts';",
      'apps/web/app/routes/home.tsx': "import { buildApi } from '@shop/api';",
      'packages/contracts/src/index.ts': "import '../../../apps/api/src/api.ts';",
    });
    const rules = findBoundaryViolations(root)
      .map((violation) => `${violation.file}: ${violation.rule}`)
      .toSorted();
    expect(rules).toEqual([
      'apps/api/src/modules/basket/basket.service.ts: module "basket" may use module "catalogue" only through its index.ts',
      'apps/api/src/modules/orders/orders.service.ts: module "orders" may use module "identity" only through its index.ts',
      'apps/api/src/platform/app.ts: platform code must not depend on a domain module',
      'apps/web/app/routes/home.tsx: the web tier reaches the API only through @shop/api-client',
      'packages/contracts/src/index.ts: packages must not import apps',
    ]);
  });

  it('refuses an index.ts that hands out its tables or repository, directly or through another file', () => {
    const root = tree({
      'apps/api/src/modules/inventory/index.ts': [
        "export { stockLevels } from './inventory.tables.ts';",
        "export type { StockRow } from './stock.ts';",
        "export * from './levels.ts';",
        "import { createInventoryService } from './inventory.service.ts';",
        'export { createInventoryService };',
        "export { type Availability } from './inventory.service.ts';",
      ].join('\n'),
      'apps/api/src/modules/inventory/inventory.tables.ts': 'export const stockLevels = 1;',
      'apps/api/src/modules/inventory/inventory.repository.ts': 'export type StockRow = { sku: string };\nexport async function findStockLevels() {}',
      'apps/api/src/modules/inventory/stock.ts': "export type { StockRow } from './inventory.repository.ts';",
      'apps/api/src/modules/inventory/levels.ts': "export { findStockLevels as readLevels } from './inventory.repository.ts';",
      'apps/api/src/modules/inventory/inventory.service.ts': 'export interface Availability { sku: string }\nexport function createInventoryService() {}',
    });
    const rules = findBoundaryViolations(root)
      .map((violation) => `${violation.specifier}: ${violation.rule}`)
      .toSorted();
    expect(rules).toEqual([
      './inventory.repository.ts: index.ts exports "StockRow" from the module\'s repository: export a service function or type instead',
      './inventory.repository.ts: index.ts exports "readLevels" from the module\'s repository: export a service function or type instead',
      './inventory.tables.ts: index.ts exports "stockLevels" from the module\'s tables: export a service function or type instead',
    ]);
  });

  it('refuses modules that import one another in a cycle, however long, but not through tests', () => {
    const root = tree({
      'apps/api/src/modules/catalogue/catalogue.service.ts': "import type { Pricing } from '../basket/index.ts';",
      'apps/api/src/modules/catalogue/index.ts': 'export const CATALOGUE = 1;',
      'apps/api/src/modules/basket/basket.service.ts': "import { DELIVERY } from '../delivery/index.ts';",
      'apps/api/src/modules/basket/index.ts': 'export type Pricing = number;',
      'apps/api/src/modules/delivery/delivery.service.ts': "import { CATALOGUE } from '../catalogue/index.ts';",
      'apps/api/src/modules/delivery/index.ts': 'export const DELIVERY = 1;',
      'apps/api/src/modules/orders/orders.service.ts': "import { CATALOGUE } from '../catalogue/index.ts';",
      'apps/api/src/modules/orders/index.ts': 'export const ORDERS = 1;',
      'apps/api/src/modules/inventory/inventory.api.test.ts': "import { ORDERS } from '../orders/index.ts';",
      'apps/api/src/modules/inventory/index.ts': 'export const INVENTORY = 1;',
      'apps/api/src/modules/orders/orders.tables.ts': "import { stock } from '../inventory/inventory.tables.ts';",
      'apps/api/src/modules/inventory/inventory.tables.ts': 'export const stock = 1;',
    });
    expect(findBoundaryViolations(root)).toEqual([
      {
        file: 'apps/api/src/modules/basket/basket.service.ts',
        specifier: '../delivery/index.ts',
        rule: 'modules import one another in a cycle: basket → delivery → catalogue → basket',
      },
    ]);
  });

  it('refuses files of one module that import one another in a cycle, type-only imports too, but not through tests', () => {
    const root = tree({
      'apps/api/src/modules/trade/index.ts': "export { createTradeService } from './trade.service.ts';",
      'apps/api/src/modules/trade/trade.service.ts': "import { bands } from './trade-bands.ts';\nexport const createTradeService = () => bands;",
      'apps/api/src/modules/trade/trade-bands.ts': "import type { TradeDeps } from './trade.service.ts';\nexport const bands = 1;",
      'apps/api/src/modules/trade/trade-terms.ts': "import type { TradeDeps } from './trade.deps.ts';",
      'apps/api/src/modules/trade/trade.deps.ts': 'export interface TradeDeps { a: number }',
      'apps/api/src/modules/trade/trade.api.test.ts': "import { createTradeService } from './trade.service.ts';",
      'apps/api/src/modules/orders/index.ts': 'export const ORDERS = 1;',
      'apps/api/src/modules/orders/orders.service.ts': "import { terms } from './order-terms.ts';",
      'apps/api/src/modules/orders/order-terms.ts': "import type { OrdersDeps } from './orders.deps.ts';\nexport const terms = 1;",
      'apps/api/src/modules/orders/orders.deps.ts': 'export interface OrdersDeps { a: number }',
      'apps/api/src/modules/orders/orders.test.ts': "import { terms } from './order-terms.ts';",
    });
    expect(findBoundaryViolations(root)).toEqual([
      {
        file: 'apps/api/src/modules/trade/trade-bands.ts',
        specifier: './trade.service.ts',
        rule: 'files of module "trade" import one another in a cycle: trade-bands.ts → trade.service.ts → trade-bands.ts',
      },
    ]);
  });

  it('refuses a service file over 400 lines unless it is listed, and a listed one that is no longer long', () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => `export const LINE_${index} = ${index};`).join('\n') + '\n';
    const root = tree({
      'apps/api/src/modules/trade/index.ts': "export { createTradeService } from './trade.service.ts';",
      'apps/api/src/modules/trade/trade.service.ts': `export function createTradeService() {}\n${lines(399)}`,
      'apps/api/src/modules/trade/trade-bands.ts': `export function createBands() {}\n${lines(400)}`,
      'apps/api/src/modules/trade/trade-rules.ts': lines(900),
      'apps/api/src/modules/trade/trade.api.test.ts': `export function createFixture() {}\n${lines(900)}`,
      'apps/api/src/modules/basket/index.ts': 'export const BASKET = 1;',
      'apps/api/src/modules/basket/basket.service.ts': lines(401),
      'apps/api/src/modules/orders/index.ts': 'export const ORDERS = 1;',
      'apps/api/src/modules/orders/orders.service.ts': lines(300),
    });
    const rules = (allowList: readonly string[]) => findBoundaryViolations(root, [], allowList).map((violation) => `${violation.file}: ${violation.rule}`);
    expect(rules([])).toEqual([
      'apps/api/src/modules/basket/basket.service.ts: a service file of 401 lines (over 400): move each coherent group of its functions to a file of its own',
      'apps/api/src/modules/trade/trade-bands.ts: a service file of 401 lines (over 400): move each coherent group of its functions to a file of its own',
    ]);
    expect(rules(['apps/api/src/modules/basket/basket.service.ts', 'apps/api/src/modules/orders/orders.service.ts'])).toEqual([
      'apps/api/src/modules/orders/orders.service.ts: is 300 lines now: remove it from LONG_SERVICE_FILES',
      'apps/api/src/modules/trade/trade-bands.ts: a service file of 401 lines (over 400): move each coherent group of its functions to a file of its own',
    ]);
  });

  it('lets an index.ts hand out factories, modules, error factories, constants and types, and nothing else, deprecated or not', () => {
    const root = tree({
      'apps/api/src/modules/delivery/index.ts': [
        "import { parsePostcode } from './postcode.ts';",
        "export { createDeliveryService, type DeliveryService } from './delivery.service.ts';",
        "export { RATES, DeliveryErrors, deliveryModule, type DeliveryOption } from './delivery-options.ts';",
        "export type { Postcode } from './postcode.ts';",
        "export * from './zones.ts';",
        'export function createDeliveryModule() {}',
        "export { deliveryOptions } from './delivery-options.ts';",
        'export const SHOUTED = (postcode: string) => postcode;',
        '/** @deprecated Checkout still calls them. */',
        'export { parsePostcode };',
        "export { zoneOf as zoneOfPostcode } from './zones.ts';",
        '',
        "export { holidayRegionOf } from './postcode.ts';",
      ].join('\n'),
      'apps/api/src/modules/delivery/delivery.service.ts': 'export interface DeliveryService { x: number }\nexport function createDeliveryService() {}',
      'apps/api/src/modules/delivery/delivery-options.ts': [
        'export const RATES = {};',
        'export const DeliveryErrors = {};',
        'export const deliveryModule = {};',
        'export type DeliveryOption = string;',
        'export function deliveryOptions() {}',
      ].join('\n'),
      'apps/api/src/modules/delivery/postcode.ts':
        'export interface Postcode { area: string }\nexport function parsePostcode() {}\nexport function holidayRegionOf() {}',
      'apps/api/src/modules/delivery/zones.ts': 'export type Zone = string;\nexport const zoneOf = () => 1;',
    });
    const rules = findBoundaryViolations(root)
      .map((violation) => `${violation.specifier}: ${violation.rule}`)
      .toSorted();
    const refused = (name: string) =>
      `index.ts exports "${name}", which is not a create… factory, …Module, …Errors, UPPER_CASE constant or type: put it on the module's service`;
    const deprecated = (name: string) => `index.ts still exports "${name}" (deprecated): move its callers to the module's service and delete the export`;
    expect(rules).toEqual([
      `./delivery-options.ts: ${refused('deliveryOptions')}`,
      `./index.ts: ${refused('SHOUTED')}`,
      `./postcode.ts: ${refused('holidayRegionOf')}`,
      `./postcode.ts: ${deprecated('parsePostcode')}`,
      `./zones.ts: ${refused('zoneOf')}`,
      `./zones.ts: ${deprecated('zoneOfPostcode')}`,
    ]);
  });

  it('fails the check for an export under a @deprecated comment, which is no longer a warning', () => {
    const root = tree({
      'apps/api/src/modules/inventory/index.ts': [
        "export { createInventoryService, type InventoryService } from './inventory.service.ts';",
        '/** @deprecated Checkout still calls it. */',
        "export { reserveStock } from './reservations.ts';",
      ].join('\n'),
      'apps/api/src/modules/inventory/inventory.service.ts': 'export interface InventoryService { x: number }\nexport function createInventoryService() {}',
      'apps/api/src/modules/inventory/reservations.ts': 'export async function reserveStock() {}',
    });
    expect(findBoundaryViolations(root)).toEqual([
      {
        file: 'apps/api/src/modules/inventory/index.ts',
        specifier: './reservations.ts',
        rule: 'index.ts still exports "reserveStock" (deprecated): move its callers to the module\'s service and delete the export',
      },
    ]);
  });
  it('lets demo code into the apps only through the seeds, the picture routes and tests, each by its entry', () => {
    const root = tree({
      'packages/demo/src/seeds.ts': "import { formatPence } from '@shop/contracts';",
      'apps/api/src/modules/catalogue/products.seed.ts': "import { generateCatalogue } from '@shop/demo/seeds';",
      'apps/api/src/modules/catalogue/catalogue.seed.ts': "import { renderProductImage } from '@shop/demo/product-art';",
      'apps/api/src/modules/catalogue/catalogue.service.ts': "import { generateCatalogue } from '@shop/demo/seeds';",
      'apps/api/src/modules/catalogue/index.ts': "export { CATEGORY_TREE } from '../../../../../packages/demo/src/catalogue/category-tree.ts';",
      'apps/api/src/modules/payments/testing.ts': "export { startStripeStandIn } from '@shop/demo/stripe-standin';",
      'apps/api/src/modules/payments/stripe.api.test.ts': "import { startStripeStandIn } from '@shop/demo/stripe-standin';",
      'apps/api/src/testing/test-api.ts': "import { generateCatalogue } from '@shop/demo/seeds';",
      'apps/web/app/routes/product-image.ts': "import { renderProductImage } from '@shop/demo/product-art';",
      'apps/web/app/routes/product.tsx': "import { renderProductImage } from '@shop/demo/product-art';",
      'apps/web/app/routes/user-content-image.ts': "import { startStripeStandIn } from '@shop/demo/stripe-standin';",
      'apps/server/src/server.ts': "import { createRandom } from '@shop/demo/seeds';",
      'packages/contracts/src/index.ts': "import { generateCatalogue } from '@shop/demo/seeds';",
    });
    const rules = findBoundaryViolations(root)
      .map((violation) => `${violation.file}: ${violation.rule}`)
      .toSorted();
    const production = "production code may import @shop/demo only from a seed (*.seed.ts) or the storefront's picture routes";
    expect(rules).toEqual([
      'apps/api/src/modules/catalogue/catalogue.seed.ts: this file may import demo code only through @shop/demo/seeds',
      `apps/api/src/modules/catalogue/catalogue.service.ts: ${production}`,
      'apps/api/src/modules/catalogue/index.ts: demo code is imported by its package name, @shop/demo/<entry>, never by path',
      `apps/server/src/server.ts: ${production}`,
      `apps/web/app/routes/product.tsx: ${production}`,
      'apps/web/app/routes/user-content-image.ts: this file may import demo code only through @shop/demo/product-art',
      'packages/contracts/src/index.ts: packages other than @shop/demo must not import demo code',
    ]);
  });

  it('refuses state kept in an API module: a module-level let, cache, or Set or Map that is changed, and keeps its allow-list honest', () => {
    const root = tree({
      'apps/api/src/modules/notifications/email-layout.ts': [
        'let shopInEmails = defaultShopDetails();',
        'export function setShop(shop) {',
        '  shopInEmails = shop;',
        '  let local = 1;',
        '}',
      ].join('\n'),
      'apps/api/src/modules/payments/payments.service.ts': [
        'const handlers = new Set<Handler>();',
        'export const onEvent = (handler: Handler) => handlers.add(handler);',
        "const KINDS: ReadonlySet<string> = new Set(['a', 'b']);",
        'export const known = (kind: string) => KINDS.has(kind);',
        'const names = new Map<string, string>();',
        '// names.set(a, b) in a comment changes nothing',
        'const page = `',
        'let busy = false;',
        "names.set(${'x'}, 1)`;",
      ].join('\n'),
      'apps/api/src/modules/pricing/pricing.service.ts': [
        'const references = new LruCache<Database, Reference>({ maxEntries: 4 });',
        'const seenOnce = new SeenOnce();',
        'const byDatabase = new WeakMap<Database, number>();',
        'export const idOf = (db: Database) => byDatabase.get(db) ?? (byDatabase.set(db, 1), 1);',
        'const FIXED = new WeakMap<object, number>();',
        'export function createPricingService() {',
        '  const kept = new LruCache<Database, Reference>({ maxEntries: 4 });',
        '  return { kept };',
        '}',
      ].join('\n'),
      'apps/api/src/modules/identity/passwords.ts': 'let dummyHash: Promise<string> | null = null;',
      'apps/api/src/modules/payments/payments.api.test.ts': 'let api: TestApi;',
    });
    const allowed = {
      'apps/api/src/modules/identity/passwords.ts:dummyHash': 'a constant computed once',
      'apps/api/src/modules/identity/passwords.ts:gone': 'no longer there',
    };
    const rules = findBoundaryViolations(root, [], [], allowed)
      .map((violation) => `${violation.file}: ${violation.specifier}: ${violation.rule.split(':')[0]}`)
      .toSorted();
    expect(rules).toEqual([
      'apps/api/src/modules/identity/passwords.ts: gone: is no longer module-level state',
      'apps/api/src/modules/notifications/email-layout.ts: shopInEmails: a module-level let',
      'apps/api/src/modules/payments/payments.service.ts: handlers: a module-level Set that is changed',
      'apps/api/src/modules/pricing/pricing.service.ts: byDatabase: a module-level WeakMap that is changed',
      'apps/api/src/modules/pricing/pricing.service.ts: references: a module-level LruCache',
      'apps/api/src/modules/pricing/pricing.service.ts: seenOnce: a module-level SeenOnce',
    ]);
  });

  it('reads only code: comments, strings, templates and regular expressions are blanked, lines kept', () => {
    const blanked = codeOnly("const a = '/*'; // let x\nlet b = `${a} let c` + /'/.source; /* let d */ let e;");
    expect(blanked.split('\n')).toHaveLength(2);
    expect([...blanked.matchAll(/let (\w)/g)].map((match) => match[1])).toEqual(['b', 'e']);
  });

  it('lets SQL only into repositories, tables, the database layer, seeds and tests, and keeps its allow-list honest', () => {
    const root = tree({
      'apps/api/src/modules/reviews/reviews.repository.ts': "import { eq } from 'drizzle-orm';\nimport { reviews } from './reviews.tables.ts';",
      'apps/api/src/modules/reviews/reviews.tables.ts': "import { pgTable } from 'drizzle-orm/pg-core';",
      'apps/api/src/modules/catalogue/repository/prices.ts': "import { sql } from 'drizzle-orm';",
      'apps/api/src/modules/reviews/reviews.seed.ts': "import { inArray } from 'drizzle-orm';",
      'apps/api/src/modules/reviews/listings.api.test.ts': "import { sql } from 'drizzle-orm';",
      'apps/api/src/modules/reviews/review-view.testing.ts': "import { sql } from 'drizzle-orm';",
      'apps/api/src/db/writers.ts': "import { sql } from 'drizzle-orm';",
      'apps/api/src/modules/reviews/reviews.service.ts':
        "import type { ReviewRow } from './reviews.tables.ts';\nimport { findReview } from './reviews.repository.ts';",
      'apps/api/src/modules/reviews/writing.ts': "import { and, eq } from 'drizzle-orm';",
      'apps/api/src/modules/reviews/photos.ts': "import { reviewPhotos, type PhotoRow } from './reviews.tables.ts';",
      'apps/api/src/modules/orders/orders.service.ts': 'const rows = await ctx.db.execute(sql`select 1`);',
      'apps/api/src/modules/orders/orders.personal-data.ts': "import { eq } from 'drizzle-orm/sql';",
      'apps/api/src/modules/catalogue/popularity.ts': "import { count } from 'drizzle-orm';",
      'apps/api/src/modules/catalogue/listing-index.ts': 'export const moved = true;',
    });
    const allowList = ['apps/api/src/modules/catalogue/popularity.ts', 'apps/api/src/modules/catalogue/listing-index.ts', 'apps/api/src/modules/gone.ts'];
    const rules = findBoundaryViolations(root, allowList)
      .map((violation) => `${violation.file}: ${violation.specifier}: ${violation.rule}`)
      .toSorted();
    expect(rules).toEqual([
      'apps/api/src/modules/catalogue/listing-index.ts: -: holds no SQL any more: remove it from SQL_ALLOW_LIST',
      "apps/api/src/modules/orders/orders.personal-data.ts: drizzle-orm/sql: SQL belongs in the module's repository (*.repository.ts or repository/)",
      "apps/api/src/modules/orders/orders.service.ts: sql`…`: SQL belongs in the module's repository (*.repository.ts or repository/)",
      "apps/api/src/modules/reviews/photos.ts: ./reviews.tables.ts: SQL belongs in the module's repository (*.repository.ts or repository/)",
      "apps/api/src/modules/reviews/writing.ts: drizzle-orm: SQL belongs in the module's repository (*.repository.ts or repository/)",
    ]);
  });
});
