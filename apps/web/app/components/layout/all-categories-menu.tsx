import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NavigationCategory } from '../../lib/catalogue.ts';
import { categoryPath } from '../../lib/catalogue.ts';
import { cn } from '../../lib/cn.ts';
import { ChevronDownIcon, MenuIcon } from '../ui/icons.tsx';
import { CategoryPicture } from '../illustrations/category-picture.tsx';
import { useHydrated } from '../listing/use-hydrated.ts';

/** Where "All categories" leads before the page's scripts run: every department and its types, a page of its own. */
export const ALL_CATEGORIES_PATH = '/categories';

const triggerClasses = 'flex h-9 cursor-pointer items-center gap-2 rounded-lg bg-navy-900 px-3.5 text-sm font-semibold text-white hover:bg-navy-800';

/**
 * The desktop "All categories" control. Drawn by the server it is a link to the page of every category
 * (`/categories`), so it works before the scripts run without every page carrying the whole tree
 * (31 kB of each page's HTML, issue 36); once they have, it is a disclosure button whose panel is
 * drawn when opened. Esc, a click elsewhere or following a link closes it.
 */
export function AllCategoriesMenu({ categories }: { categories: readonly NavigationCategory[] }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const label = (
    <>
      <MenuIcon className="size-4" />
      All categories
      <ChevronDownIcon className={cn('size-4 transition-transform', open && 'rotate-180')} />
    </>
  );
  if (!hydrated) {
    return (
      <Link to={ALL_CATEGORIES_PATH} className={triggerClasses}>
        {label}
      </Link>
    );
  }
  return (
    <>
      <button ref={button} type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)} className={triggerClasses}>
        {label}
      </button>
      {/* A mega-menu: every department with its types, in newspaper columns; taller than the window, it scrolls. */}
      <div
        ref={panel}
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-10rem)] overflow-y-auto border-t border-navy-100 bg-white shadow-xl"
      >
        {open && <CategoryDirectory categories={categories} className="container-page columns-4 py-6 xl:columns-5" onFollow={() => setOpen(false)} />}
      </div>
    </>
  );
}

/**
 * Every department with its pictures and types, in newspaper columns (`className` sets how many): the
 * desktop menu's panel and the `/categories` page. The pictures are lazy images, fetched once each.
 */
export function CategoryDirectory({
  categories,
  className,
  onFollow,
}: {
  categories: readonly NavigationCategory[];
  className?: string;
  onFollow?: () => void;
}) {
  return (
    <ul className={cn('gap-x-6', className)}>
      {categories.map((category) => (
        <li key={category.slug} className="mb-4 break-inside-avoid">
          <Link
            to={categoryPath(category.slug)}
            onClick={onFollow}
            className="flex items-center gap-2.5 rounded-lg p-1 text-sm font-bold text-navy-950 hover:bg-teal-50 hover:text-teal-800"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-teal-50">
              <CategoryPicture slug={category.slug} lazy className="size-8" />
            </span>
            {category.name}
          </Link>
          {category.children.length > 0 && (
            <ul className="mt-1 ml-[1.375rem] border-l-2 border-teal-100 pl-3">
              {category.children.map((child) => (
                <li key={child.slug}>
                  <Link
                    to={categoryPath(category.slug, child.slug)}
                    onClick={onFollow}
                    className="block rounded-md px-1.5 py-1 text-sm text-navy-800 hover:bg-teal-50 hover:text-teal-800 hover:underline"
                  >
                    {child.name}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
