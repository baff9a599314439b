import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { paginationItems } from './pagination.ts';

export interface PaginationProps {
  current: number;
  total: number;
  /** The address of a page, so every page is a real link (works without JavaScript). */
  hrefFor: (page: number) => string;
  label?: string;
  className?: string;
}

const itemClasses = 'inline-flex h-10 min-w-10 items-center justify-center rounded-lg px-3 text-sm font-semibold';

export function Pagination({ current, total, hrefFor, label = 'Pagination', className }: PaginationProps) {
  if (total <= 1) return null;
  const arrow = (page: number, text: string, direction: 'prev' | 'next') => {
    const disabled = page < 1 || page > total;
    const icon = (
      <svg className="size-4" viewBox="0 0 16 16" fill="none" aria-hidden="true">
        <path
          d={direction === 'prev' ? 'M10 3 5 8l5 5' : 'm6 3 5 5-5 5'}
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    );
    return disabled ? (
      <span className={cn(itemClasses, 'gap-1 text-navy-400')} aria-disabled="true">
        {direction === 'prev' && icon}
        {text}
        {direction === 'next' && icon}
      </span>
    ) : (
      <Link to={hrefFor(page)} rel={direction} className={cn(itemClasses, 'gap-1 text-navy-900 hover:bg-navy-50')}>
        {direction === 'prev' && icon}
        {text}
        {direction === 'next' && icon}
      </Link>
    );
  };

  return (
    <nav aria-label={label} className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{arrow(current - 1, 'Previous', 'prev')}</li>
        {paginationItems(current, total).map((item, index) => (
          <li key={item === 'gap' ? `gap-${index}` : item}>
            {item === 'gap' ? (
              <span className={cn(itemClasses, 'text-navy-600')} aria-hidden="true">
                …
              </span>
            ) : (
              <Link
                to={hrefFor(item)}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
                className={cn(itemClasses, item === current ? 'bg-navy-900 text-white' : 'text-navy-900 ring-1 ring-inset ring-navy-200 hover:bg-navy-50')}
              >
                {item}
              </Link>
            )}
          </li>
        ))}
        <li>{arrow(current + 1, 'Next', 'next')}</li>
      </ul>
    </nav>
  );
}
