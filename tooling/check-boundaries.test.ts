import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBoundaryViolations } from './check-boundaries.ts';

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
        "import { x } from './basket.repository.ts';\nimport { getNavigation } from '../catalogue/index.ts';",
      'apps/api/src/modules/basket/basket.repository.ts': 'export const x = 1;',
      'apps/api/src/modules/catalogue/index.ts': 'export const getNavigation = 1;',
      'apps/api/src/api.ts': "import { catalogueModule } from './modules/catalogue/index.ts';",
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
    const rules = findBoundaryViolations(root).map((violation) => `${violation.file}: ${violation.rule}`).toSorted();
    expect(rules).toEqual([
      'apps/api/src/modules/basket/basket.service.ts: module "basket" may use module "catalogue" only through its index.ts',
      'apps/api/src/modules/orders/orders.service.ts: module "orders" may use module "identity" only through its index.ts',
      'apps/api/src/platform/app.ts: platform code must not depend on a domain module',
      'apps/web/app/routes/home.tsx: the web tier reaches the API only through @shop/api-client',
      'packages/contracts/src/index.ts: packages must not import apps',
    ]);
  });

  it("refuses an index.ts that hands out its tables or repository, directly or through another file", () => {
    const root = tree({
      'apps/api/src/modules/inventory/index.ts': [
        "export { stockLevels } from './inventory.tables.ts';",
        "export type { StockRow } from './stock.ts';",
        "export * from './levels.ts';",
        "import { availabilityOf } from './inventory.service.ts';",
        'export { availabilityOf };',
        "export { type Availability } from './inventory.service.ts';",
      ].join('\n'),
      'apps/api/src/modules/inventory/inventory.tables.ts': 'export const stockLevels = 1;',
      'apps/api/src/modules/inventory/inventory.repository.ts': 'export type StockRow = { sku: string };\nexport async function findStockLevels() {}',
      'apps/api/src/modules/inventory/stock.ts': "export type { StockRow } from './inventory.repository.ts';",
      'apps/api/src/modules/inventory/levels.ts': "export { findStockLevels as readLevels } from './inventory.repository.ts';",
      'apps/api/src/modules/inventory/inventory.service.ts': 'export interface Availability { sku: string }\nexport function availabilityOf() {}',
    });
    const rules = findBoundaryViolations(root).map((violation) => `${violation.specifier}: ${violation.rule}`).toSorted();
    expect(rules).toEqual([
      './inventory.repository.ts: index.ts exports "StockRow" from the module\'s repository: export a service function or type instead',
      './inventory.repository.ts: index.ts exports "readLevels" from the module\'s repository: export a service function or type instead',
      './inventory.tables.ts: index.ts exports "stockLevels" from the module\'s tables: export a service function or type instead',
    ]);
  });

  it('refuses modules that import one another in a cycle, however long, but not through tests', () => {
    const root = tree({
      'apps/api/src/modules/catalogue/catalogue.service.ts': "import type { Pricing } from '../basket/index.ts';",
      'apps/api/src/modules/catalogue/index.ts': 'export const catalogue = 1;',
      'apps/api/src/modules/basket/basket.service.ts': "import { delivery } from '../delivery/index.ts';",
      'apps/api/src/modules/basket/index.ts': 'export type Pricing = number;',
      'apps/api/src/modules/delivery/delivery.service.ts': "import { catalogue } from '../catalogue/index.ts';",
      'apps/api/src/modules/delivery/index.ts': 'export const delivery = 1;',
      'apps/api/src/modules/orders/orders.service.ts': "import { catalogue } from '../catalogue/index.ts';",
      'apps/api/src/modules/orders/index.ts': 'export const orders = 1;',
      'apps/api/src/modules/inventory/inventory.api.test.ts': "import { orders } from '../orders/index.ts';",
      'apps/api/src/modules/inventory/index.ts': 'export const inventory = 1;',
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
});
