import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Route } from './+types/wishlist';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { HeartIcon } from '../components/ui/icons.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { EmailWishlistForm, RetrieveWishlistForm, SaveWishlistForm } from '../components/wishlist/wishlist-forms.tsx';
import { WishlistItemRow } from '../components/wishlist/wishlist-item-row.tsx';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { useBasket } from '../lib/basket/basket-context.tsx';
import { pageMeta } from '../lib/meta.ts';
import { formatPence } from '@shop/contracts';
import { useWishlist } from '../lib/wishlist/wishlist-context.tsx';
import { basketReadyItems, productCountText } from '../lib/wishlist/wishlist-text.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Your wishlist', 'Products you have saved for later at Plumbline.'),
  { name: 'robots', content: 'noindex' },
];

/** The wishlist lives in the browser (its id is there), so the page loads it there and re-checks prices and stock on arrival. */
export default function WishlistPage() {
  const { wishlist, status, refresh } = useWishlist();
  const refreshed = useRef(false);
  useEffect(() => {
    if (status !== 'ready' || refreshed.current || !wishlist) return;
    refreshed.current = true;
    void refresh();
  }, [status, wishlist, refresh]);

  return (
    <>
      <PageHeader
        title={wishlist?.name ? `Wishlist: ${wishlist.name}` : 'Your wishlist'}
        intro={<p>Save products while you plan your project. We keep an eye on prices and stock for you.</p>}
        trail={[{ label: 'Your wishlist' }]}
      />
      <div className="container-page min-h-[32rem] py-8 lg:py-10">
        {status === 'loading' ? (
          <WishlistSkeleton />
        ) : status === 'error' ? (
          <LoadError title="We couldn’t load your wishlist" error={null} onRetry={() => void refresh()} />
        ) : (
          <WishlistBody />
        )}
      </div>
    </>
  );
}

function WishlistBody() {
  const { wishlist, notices, dismissNotices } = useWishlist();
  const [retrieved, setRetrieved] = useState<string | null>(null);
  const items = wishlist?.items ?? [];

  if (items.length === 0) {
    return (
      <EmptyState icon={<HeartIcon className="size-8" />} title="Your wishlist is empty" actions={<ButtonLink to="/">Start browsing</ButtonLink>}>
        <p>Tap the heart on any product to save it here. Someone shared a wishlist with you? Enter its code below.</p>
        <div className="mx-auto mt-6 max-w-md text-left">
          <RetrieveWishlistForm onRetrieved={setRetrieved} />
          {retrieved && (
            <p role="status" className="mt-3 text-sm font-medium text-green-800">
              {retrieved}
            </p>
          )}
        </div>
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-8 lg:grid-cols-12 lg:gap-12">
      <section aria-labelledby="wishlist-items" className="lg:col-span-8">
        <div className="flex flex-wrap items-baseline justify-between gap-3 border-b border-navy-100 pb-3">
          <h2 id="wishlist-items" className="text-lg font-bold text-navy-950">
            {productCountText(items.length)}
          </h2>
          <p className="text-sm text-navy-700">
            Available now: <strong className="text-navy-950">{formatPence(wishlist!.totals.availableIncVat)}</strong> inc. VAT
          </p>
        </div>
        {(notices.length > 0 || retrieved) && (
          <div role="status" className="mt-4 rounded-xl border border-teal-200 bg-teal-50 p-4 text-sm text-navy-900">
            <ul className="list-disc space-y-1 pl-5">
              {retrieved && <li>{retrieved}</li>}
              {notices.map((notice) => (
                <li key={`${notice.type}:${notice.sku ?? ''}`}>{notice.message}</li>
              ))}
            </ul>
            <button
              type="button"
              className="mt-2 font-semibold text-teal-800 underline"
              onClick={() => {
                dismissNotices();
                setRetrieved(null);
              }}
            >
              Dismiss
            </button>
          </div>
        )}
        <ul className="divide-y divide-navy-100">
          {items.map((item) => (
            <WishlistItemRow key={item.sku} item={item} />
          ))}
        </ul>
      </section>

      <aside className="space-y-6 lg:col-span-4" aria-label="Wishlist actions">
        <AddAllToBasket />
        <Panel title="Save your wishlist">
          <SaveWishlistForm />
        </Panel>
        <Panel title="Share by e-mail">
          <EmailWishlistForm />
        </Panel>
        <Panel title="Open a shared wishlist">
          <p className="mb-3 text-sm text-navy-700">Its products are added to this wishlist.</p>
          <RetrieveWishlistForm onRetrieved={setRetrieved} />
        </Panel>
      </aside>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id={headingId} className="mb-3 text-base font-bold text-navy-950">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Every available product, at its wishlist quantity; each refusal (e.g. stock) is reported by name. */
function AddAllToBasket() {
  const { wishlist } = useWishlist();
  const basket = useBasket();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const ready = basketReadyItems(wishlist);

  const addAll = async () => {
    setBusy(true);
    const failed: string[] = [];
    for (const item of ready) {
      const result = await basket.add(item.sku, item.quantity);
      if (!result.ok) failed.push(`${item.sku}: ${apiProblemMessage(result.error)}`);
    }
    setBusy(false);
    setProblems(failed);
    if (failed.length < ready.length) basket.openPanel();
  };

  return (
    <section className="rounded-2xl bg-sand-100 p-5">
      <p className="text-sm text-navy-800">
        {ready.length === 0 ? 'Nothing on your wishlist can be bought right now.' : `${productCountText(ready.length)} can go in your basket now.`}
      </p>
      <Button className="mt-3 w-full" onClick={addAll} loading={busy} disabled={ready.length === 0}>
        Add all to basket
      </Button>
      {problems.length > 0 && (
        <ul role="alert" className="mt-3 space-y-1 text-sm font-medium text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WishlistSkeleton() {
  return (
    <div className="grid gap-8 lg:grid-cols-12 lg:gap-12" role="status" aria-busy="true">
      <span className="sr-only">Loading your wishlist</span>
      <div className="space-y-5 lg:col-span-8">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex gap-4">
            <Skeleton className="size-20 sm:size-28" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-1/4" />
            </div>
          </div>
        ))}
      </div>
      <Skeleton className="h-64 lg:col-span-4" />
    </div>
  );
}
