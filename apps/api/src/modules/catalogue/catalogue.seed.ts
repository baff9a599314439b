import type { Seed } from '../../seed/seed.ts';
import { CATEGORY_TREE } from '@shop/demo/seeds';
import { insertCategory } from './repository/products.ts';

const size = CATEGORY_TREE.reduce((sum, category) => sum + 1 + category.children.length, 0);

export const categoriesSeed: Seed = {
  name: 'catalogue:categories',
  size,
  async run(db, progress) {
    let done = 0;
    for (const [position, category] of CATEGORY_TREE.entries()) {
      const parent = await insertCategory(db, {
        slug: category.slug,
        name: category.name,
        description: category.description,
        position,
      });
      progress(++done, size);
      for (const [childPosition, [slug, name]] of category.children.entries()) {
        await insertCategory(db, { slug, name, parentId: parent.id, position: childPosition });
        progress(++done, size);
      }
    }
  },
};
