import type { InventoryService } from '../inventory/index.ts';
import type { IdRange, IndexedProduct, ProductSource } from '../search/index.ts';
import type { CatalogueDeps } from './catalogue.deps.ts';
import * as repository from './repository/products.ts';

type Database = Parameters<ProductSource['products']>[0];

/**
 * What search's product index reads of the catalogue (decision 0059): the rows from the
 * repository, each product's default offering with its stock status as inventory has it (one read
 * per range or list), and the change counter the catalogue's triggers move (decision 0005).
 *
 * With a read replica (decision 0080) a whole snapshot's rows are read from it; the counter and
 * the few products a price or stock notice names are read from the primary, which has the change
 * the notice is about (a replica may not have replayed it yet).
 */
export function catalogueSource(inventory: InventoryService, replica?: CatalogueDeps['replica']): ProductSource {
  const bulk = (db: Database) => (replica && db === replica.primary ? replica.reads : db);
  return {
    version: (db) => repository.readCatalogueVersion(db),
    writeUnderWay: (db) => repository.catalogueWriteUnderWay(db),
    maxProductId: (db) => repository.maxProductId(bulk(db)),
    products: (db, range) => withStock(bulk(db), range),
    productsWithIds: (db, ids) => withStock(db, ids),
    categories: (db) => repository.listCategories(bulk(db)),
    facets: (db) => repository.listFacetConfiguration(bulk(db)),
    brands: (db) => repository.listBrands(bulk(db)),
  };

  /** The products of a range or of listed ids, each with its default offering's stock status. */
  async function withStock(db: Parameters<ProductSource['products']>[0], range: IdRange | readonly number[]): Promise<IndexedProduct[]> {
    const products = await repository.listSnapshotProducts(db, range);
    const stock = await inventory.availabilityOf(
      { db },
      products.map((product) => product.sku),
    );
    // Set in place: copying 100,000 products to add one field costs more than the read.
    for (const product of products) {
      const { status, eta } = stock.get(product.sku)!;
      product.stockStatus = status;
      product.stockEta = eta;
    }
    return products;
  }
}
