import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { useEarlyPresses } from '../../lib/early-press.ts';
import { useTradePricedCards } from '../../lib/trade-prices.ts';
import type { TileListing } from '../../lib/tile-cards.ts';
import { track } from '../../lib/events/track.ts';
import { clearFilters, hasFilters, listFiltered, listingSearch, pageCount, resultsSummary, withPage, type ListingState } from '../../lib/listing-params.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { SearchIcon } from '../ui/icons.tsx';
import { Pagination } from '../ui/pagination.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { EmptyState } from '../layout/empty-state.tsx';
import { ActiveFilters } from './active-filters.tsx';
import { FacetPanel } from './facet-panel.tsx';
import { EagerTileImages, ProductTile } from './product-tile.tsx';
import { SortSelect } from './sort-select.tsx';

export interface ListingViewProps {
  listing: TileListing;
  state: ListingState;
  /** Why the address's filters were dropped, when they were. */
  problem?: string | null;
  /** The search text on the search page. */
  query?: string;
  /** Names the results for assistive technology, e.g. "Basins". */
  label: string;
  /** Shown when the listing itself is empty (no filters chosen). */
  empty?: ReactNode;
  className?: string;
}

/** Tiles in the first row load at once; the rest wait until they near the viewport. */
const EAGER_TILES = 4;

/**
 * A product listing: facets beside the grid on large screens and in a drawer below them, sort,
 * active-filter chips, a results count that is announced when it changes, and pages of 24.
 */
export function ListingView({ listing, state, problem, query, label, empty, className }: ListingViewProps) {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const updating = navigation.state !== 'idle' && navigation.location?.pathname === pathname;
  const { pagination } = listing;
  const products = useTradePricedCards(listing.products);
  // A listing with nothing in it (and nothing chosen) has no use for filters or sort.
  const showControls = products.length > 0 || hasFilters(state);
  const facets = showControls ? listing.facets.filter((facet) => facet.options.length > 0) : [];
  const clearHref = `${pathname}${listingSearch(clearFilters(state), query)}`;
  const summary = resultsSummary(pagination, products.length);
  const selectedCount = Object.values(state.facets).reduce((sum, values) => sum + values.length, 0);
  const panelProps = { facets, state, query, clearHref };
  // Each filtered or sorted view once, whichever page of it is shown (the page is not part of it).
  const filtered = JSON.stringify(listFiltered(state, label));
  useEffect(() => {
    const properties = JSON.parse(filtered) as ReturnType<typeof listFiltered>;
    if (properties) track('Product List Filtered', properties);
  }, [filtered]);

  return (
    <div className={cn('container-page py-8 lg:py-10', className)}>
      {problem && (
        <div
          role="alert"
          className={
            'mb-6 flex flex-col gap-3 rounded-xl border border-brass-300 bg-brass-100/60 ' +
            'px-5 py-4 text-navy-950 sm:flex-row sm:items-center sm:justify-between'
          }
        >
          <p>
            <strong className="font-semibold">We couldn’t apply those filters.</strong> {problem}
          </p>
          <ButtonLink to={clearHref} variant="secondary" size="sm">
            Clear filters
          </ButtonLink>
        </div>
      )}

      <div className="lg:grid lg:grid-cols-[15.5rem_minmax(0,1fr)] lg:gap-10">
        {facets.length > 0 && (
          <aside aria-label="Filters" className="hidden lg:block">
            <FacetPanel {...panelProps} />
          </aside>
        )}

        <section aria-label={label} className={cn(facets.length === 0 && 'lg:col-span-2')}>
          {showControls && (
            <div className="flex flex-col gap-3 border-b border-navy-100 pb-4 sm:flex-row sm:items-center sm:justify-between">
              <p role="status" className="flex items-center gap-2 text-sm text-navy-700">
                {updating ? (
                  <>
                    <Spinner /> Updating results…
                  </>
                ) : (
                  (summary ?? 'No products found')
                )}
              </p>
              <div className="flex items-center gap-3">
                {facets.length > 0 && <FilterButton selectedCount={selectedCount} onOpen={() => setDrawerOpen(true)} />}
                <SortSelect state={state} query={query} className="min-w-0 flex-1" />
              </div>
            </div>
          )}

          {/* Without JavaScript the drawer cannot open: phones get the panel inline instead. */}
          {facets.length > 0 && (
            <noscript>
              <details className="mt-4 rounded-xl border border-navy-100 bg-white px-4 lg:hidden">
                <summary className="cursor-pointer py-3 font-semibold">Filter</summary>
                <FacetPanel {...panelProps} heading={false} />
              </details>
            </noscript>
          )}

          {hasFilters(state) && (
            <div className="mt-4">
              <ActiveFilters facets={facets} state={state} query={query} pathname={pathname} clearHref={clearHref} />
            </div>
          )}

          {products.length > 0 ? (
            <>
              <h2 className="sr-only">Products</h2>
              <ul
                aria-busy={updating || undefined}
                className={cn('mt-6 grid grid-cols-2 gap-3 transition-opacity sm:gap-5 md:grid-cols-3 xl:grid-cols-4', updating && 'opacity-60')}
              >
                {products.map((product, index) => (
                  <li key={product.id}>
                    <EagerTileImages value={index < EAGER_TILES}>
                      <ProductTile product={product} />
                    </EagerTileImages>
                  </li>
                ))}
              </ul>
              <Pagination
                className="mt-10"
                label={`${label} pages`}
                current={state.page}
                total={pageCount(pagination.total)}
                hrefFor={(page) => `${pathname}${listingSearch(withPage(state, page), query)}`}
              />
            </>
          ) : hasFilters(state) ? (
            <EmptyState
              icon={<SearchIcon className="size-8" />}
              title="No products match these filters"
              className="mt-8"
              actions={
                <ButtonLink to={clearHref} variant="primary">
                  Clear all filters
                </ButtonLink>
              }
            >
              <p>Try removing a filter or two to see more products.</p>
            </EmptyState>
          ) : (
            <div className={cn(showControls && 'mt-8')}>{empty}</div>
          )}
        </section>
      </div>

      {facets.length > 0 && (
        <Dialog open={drawerOpen} onClose={() => setDrawerOpen(false)} title="Filter" placement="drawer-left" className="lg:hidden">
          {drawerOpen && (
            <div className="flex min-h-full flex-col">
              <FacetPanel {...panelProps} heading={false} className="flex-1 px-5" />
              <div className="sticky bottom-0 flex gap-3 border-t border-navy-100 bg-white px-5 py-4">
                {hasFilters(state) && (
                  <ButtonLink to={clearHref} preventScrollReset variant="secondary" className="flex-1">
                    Clear all
                  </ButtonLink>
                )}
                <Button variant="primary" className="flex-1" loading={updating} onClick={() => setDrawerOpen(false)}>
                  Show {pagination.total.toLocaleString('en-GB')} {pagination.total === 1 ? 'product' : 'products'}
                </Button>
              </div>
            </div>
          )}
        </Dialog>
      )}
    </div>
  );
}

/** Opens the filter drawer on phones; pressed before the scripts ran, it opens once they have. */
function FilterButton({ selectedCount, onOpen }: { selectedCount: number; onOpen: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const pressKey = `${useId()}-filter`;
  useEarlyPresses([{ ref: button, key: pressKey, press: onOpen }]);
  return (
    <Button ref={button} data-early-press={pressKey} variant="secondary" className="lg:hidden" onClick={onOpen} aria-haspopup="dialog">
      <FilterIcon />
      Filter
      {selectedCount > 0 && <span className="rounded-full bg-teal-700 px-2 py-0.5 text-xs text-white">{selectedCount}</span>}
    </Button>
  );
}

function FilterIcon() {
  return (
    <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" aria-hidden="true">
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </svg>
  );
}

/** The way forward when a listing has nothing in it. */
export function ListingEmpty({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <EmptyState icon={<SearchIcon className="size-8" />} title={title} actions={actions}>
      {children}
    </EmptyState>
  );
}
