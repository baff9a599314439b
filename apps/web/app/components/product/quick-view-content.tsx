import { useState } from 'react';
import { Link } from 'react-router';
import { productPath } from '../../lib/catalogue.ts';
import { lazyComponent } from '../../lib/lazy-component.tsx';
import { useTradePrices } from '../../lib/trade-prices.ts';
import { useApiClients, useApiData } from '../../lib/use-api.ts';
import { AddToBasket } from '../basket/add-to-basket.tsx';
import { buttonClasses } from '../ui/button.tsx';
import { ArrowRightIcon } from '../ui/icons.tsx';
import { LoadError } from '../ui/load-error.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { PriceBlock } from './price-block.tsx';
import { ProductHeadline } from './product-headline.tsx';
import { StockStatus } from './stock-status.tsx';
import { selectedOffering } from './variant-axes.ts';
import { VariantPicker } from './variant-picker.tsx';

/** "Add to project" is fetched after the quick view's own code, as it draws below "Add to basket". */
const AddToProject = lazyComponent(() => import('../projects/add-to-project-in-browser.tsx').then((module) => module.AddToProjectInBrowser));

/** A quick view's contents (quick-view.tsx): fetched when one first opens. */
export function QuickViewContent({ slug }: { slug: string }) {
  const clients = useApiClients();
  const [sku, setSku] = useState<string | null>(null);
  const summary = useApiData(clients ? `quick-view:${slug}` : undefined, (signal) => clients!.catalogue.getQuickView({ query: { slug } }, { signal }));
  const tradePrices = useTradePrices(summary.state === 'ready' ? summary.data.offerings.map((entry) => entry.sku) : []);

  if (summary.state === 'error') {
    return <LoadError title="We couldn’t load this product" error={summary.error} onRetry={summary.reload} className="m-5" />;
  }
  if (summary.state !== 'ready') return <QuickViewSkeleton />;

  const product = summary.data;
  const offering = selectedOffering(product.offerings, sku);
  const fullDetails = offering && !offering.isDefault ? `${productPath(product.slug)}?sku=${encodeURIComponent(offering.sku)}` : productPath(product.slug);
  return (
    <div className="grid gap-5 p-5 sm:grid-cols-2 sm:gap-6">
      <div className="aspect-square overflow-hidden rounded-xl bg-gradient-to-br from-sand-50 to-sand-100 ring-1 ring-navy-100">
        <img src={product.image.url} alt={product.image.altText} width={400} height={400} className="size-full object-cover" />
      </div>
      <div className="space-y-4">
        <ProductHeadline product={product} as={null} />
        <div className="space-y-2" aria-live="polite">
          <PriceBlock price={offering?.price ?? product.price} tradePrice={tradePrices?.get(offering?.sku ?? product.sku)} size="md" />
          <StockStatus stock={offering?.stockStatus ?? product.stockStatus} />
        </div>
        {offering && <VariantPicker offerings={product.offerings} selected={offering} onSelect={setSku} />}
        <AddToBasket
          sku={offering?.sku ?? product.sku}
          productName={product.productName}
          quantity={1}
          size="md"
          confirmInline
          unavailable={(offering?.stockStatus ?? product.stockStatus).status === 'out_of_stock'}
        />
        {/* Added from a listing, the shopper goes on to the product's page, which says where it went. */}
        <AddToProject sku={offering?.sku ?? product.sku} skus={product.offerings.map((each) => each.sku)} returnTo={fullDetails} />
        <Link to={fullDetails} className={buttonClasses('secondary', 'md', 'w-full')}>
          View full details
          <ArrowRightIcon className="size-4" />
        </Link>
      </div>
    </div>
  );
}

function QuickViewSkeleton() {
  return (
    <div className="grid gap-5 p-5 sm:grid-cols-2 sm:gap-6" aria-busy="true">
      <p className="sr-only" role="status">
        Loading product…
      </p>
      <Skeleton className="aspect-square rounded-xl" />
      <div className="space-y-3">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-7 w-full" />
        <Skeleton className="h-4 w-32" />
        <Skeleton className="mt-6 h-9 w-40" />
        <Skeleton className="h-4 w-28" />
        <Skeleton className="mt-6 h-11 w-full" />
        <Skeleton className="h-11 w-full" />
      </div>
    </div>
  );
}
