import { Link } from 'react-router';
import { categoryPath, type NavigationCategory } from '../lib/catalogue.ts';
import { CategoryPicture } from './illustrations/category-picture.tsx';
import { Badge } from './ui/badge.tsx';

// Electrical categories carry the retailer's WEEE take-back duty (docs/domain.md §8.4).
const WEEE_CATEGORIES = new Set(['mirrors-lighting', 'extractor-fans']);

/** A category card for the home page and search results. */
export function CategoryTile({ category, headingLevel: Heading = 'h3' }: { category: NavigationCategory; headingLevel?: 'h2' | 'h3' }) {
  return (
    <Link
      to={categoryPath(category.slug)}
      className={
        'group flex h-full flex-col overflow-hidden rounded-2xl border border-navy-100 ' +
        'bg-white transition hover:-translate-y-0.5 hover:border-teal-200 hover:shadow-lg'
      }
    >
      <div className="relative aspect-[4/3] bg-gradient-to-b from-teal-50 to-sand-100">
        <CategoryPicture slug={category.slug} lazy className="absolute inset-0 size-full p-3 transition-transform duration-300 group-hover:scale-105" />
        {WEEE_CATEGORIES.has(category.slug) && (
          <Badge tone="info" className="absolute top-2.5 left-2.5">
            Free WEEE take-back
          </Badge>
        )}
      </div>
      <div className="flex flex-1 flex-col px-4 py-3">
        <Heading className="font-semibold text-navy-950 group-hover:text-teal-700">{category.name}</Heading>
        {category.children.length > 0 && <p className="mt-0.5 text-sm text-navy-600">{category.children.length} types</p>}
      </div>
    </Link>
  );
}
