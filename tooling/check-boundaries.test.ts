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
});
