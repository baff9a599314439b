import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { NavigationCategory } from '../../lib/catalogue.ts';
import { categoryPath } from '../../lib/catalogue.ts';
import { ChevronDownIcon, MenuIcon } from '../ui/icons.tsx';
import { CategoryPicture } from '../illustrations/category-picture.tsx';

/**
 * The desktop "All categories" panel: each department and its types. It is a <details> disclosure,
 * so it opens without JavaScript; with it, Esc, a click elsewhere or following a link closes it.
 */
export function AllCategoriesMenu({ categories }: { categories: readonly NavigationCategory[] }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => detailsRef.current?.removeAttribute('open');
  // The pictures are lazy images: a closed menu fetches none of them, and opening it, with or
  // without scripts, fetches each once (the browser caches them).

  useEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    const close = (returnFocus: boolean) => {
      if (!details.open) return;
      details.open = false;
      if (returnFocus) details.querySelector('summary')?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && close(true);
    const onPointerDown = (event: PointerEvent) => !details.contains(event.target as Node) && close(false);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);

  return (
    <details ref={detailsRef} className="group">
      <summary
        className={
          'flex h-9 cursor-pointer list-none items-center gap-2 rounded-lg bg-navy-900 px-3.5 ' +
          'text-sm font-semibold text-white hover:bg-navy-800 [&::-webkit-details-marker]:hidden'
        }
      >
        <MenuIcon className="size-4" />
        All categories
        <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      {/* A mega-menu: every department with its types, in newspaper columns; taller than the window, it scrolls. */}
      <div className="absolute inset-x-0 top-full z-40 max-h-[calc(100dvh-10rem)] overflow-y-auto border-t border-navy-100 bg-white shadow-xl">
        <ul className="container-page columns-4 gap-x-6 py-6 xl:columns-5">
          {categories.map((category) => (
            <li key={category.slug} className="mb-4 break-inside-avoid">
              <Link
                to={categoryPath(category.slug)}
                onClick={closeMenu}
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
                        onClick={closeMenu}
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
      </div>
    </details>
  );
}
