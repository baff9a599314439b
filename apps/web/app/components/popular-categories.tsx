import { useId } from 'react';
import { Link } from 'react-router';
import { categoryPath } from '../lib/catalogue.ts';
import { cn } from '../lib/cn.ts';
import { featuredCategories } from '../lib/featured.ts';
import { useCategories } from '../lib/use-categories.ts';

/** Chips linking to the featured categories: a way onward from empty and error states. */
export function PopularCategories({ limit, centered = false, className }: { limit?: number; centered?: boolean; className?: string }) {
  const headingId = useId();
  const categories = featuredCategories(useCategories()).slice(0, limit);
  if (categories.length === 0) return null;
  return (
    <nav aria-labelledby={headingId} className={cn(centered && 'text-center', className)}>
      <h2 id={headingId} className="text-lg font-bold tracking-tight text-navy-950">
        Popular categories
      </h2>
      <ul className={cn('mt-4 flex flex-wrap gap-2', centered && 'justify-center')}>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={categoryPath(category.slug)}
              className="inline-flex rounded-full bg-teal-50 px-4 py-2 text-sm font-semibold text-teal-800 ring-1 ring-teal-100 hover:bg-teal-100"
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
