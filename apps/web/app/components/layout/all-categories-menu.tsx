import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { NavigationCategory } from '../../lib/catalogue.ts';
import { categoryPath } from '../../lib/catalogue.ts';
import { CategoryIllustration } from '../illustrations/index.tsx';
import { ChevronDownIcon, MenuIcon } from '../ui/icons.tsx';

/**
 * The desktop "All categories" panel. It is a <details> disclosure, so it opens without
 * JavaScript; with it, Esc, a click elsewhere or following a link closes it.
 */
export function AllCategoriesMenu({ categories }: { categories: readonly NavigationCategory[] }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => detailsRef.current?.removeAttribute('open');
  // The pictures are drawn when the menu first opens: on every page they would be some 200 SVG
  // elements to parse, style and hydrate that nobody sees until then (without JavaScript the menu
  // opens with its links and no pictures).
  const [pictured, setPictured] = useState(false);

  useEffect(() => {
    const details = detailsRef.current;
    if (!details) return;
    // Opened before the scripts ran: no toggle event will come, so draw the pictures now.
    if (details.open) setPictured(true);
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
    <details ref={detailsRef} className="group" onToggle={(event) => event.currentTarget.open && setPictured(true)}>
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
      <div className="absolute inset-x-0 top-full z-40 border-t border-navy-100 bg-white shadow-xl">
        <ul className="container-page grid grid-cols-4 gap-x-4 gap-y-1 py-6 xl:grid-cols-5">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link
                to={categoryPath(category.slug)}
                onClick={closeMenu}
                className="flex items-center gap-3 rounded-lg p-2 text-sm font-semibold text-navy-900 hover:bg-teal-50"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-teal-50">
                  {pictured && <CategoryIllustration slug={category.slug} className="size-11" />}
                </span>
                <span>
                  {category.name}
                  {category.children.length > 0 && <span className="block text-xs font-normal text-navy-600">{category.children.length} types</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
