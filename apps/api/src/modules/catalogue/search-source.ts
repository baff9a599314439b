import type { InventoryService } from '../inventory/index.ts';
import type { IdRange, IndexedProduct, ProductSource } from '../search/index.ts';
import * as repository from './repository/products.ts';

/**
 * What search's product index reads of the catalogue (decision 0059): the rows from the
 * repository, each product's default offering with its stock status as inventory has it (one read
 * per range or list), and the change counter the catalogue's triggers move (decision 0005).
 */
export function catalogueSource(inventory: InventoryService): ProductSource {
  return {
    version: (db) => repository.readCatalogueVersion(db),
    writeUnderWay: (db) => repository.catalogueWriteUnderWay(db),
    maxProductId: (db) => repository.maxProductId(db),
    products: (db, range) => withStock(db, range),
    productsWithIds: (db, ids) => withStock(db, ids),
    categories: (db) => repository.listCategories(db),
    facets: (db) => repository.listFacetConfiguration(db),
    brands: (db) => repository.listBrands(db),
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
