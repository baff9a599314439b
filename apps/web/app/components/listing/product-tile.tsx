import { createContext, useContext } from 'react';
import { Link } from 'react-router';
import { productPath } from '../../lib/catalogue.ts';
import type { TileCard } from '../../lib/tile-cards.ts';
import { cn } from '../../lib/cn.ts';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { Price } from '../ui/price.tsx';
import { RatingStars } from '../ui/rating-stars.tsx';
import { QuickViewButton } from '../product/quick-view.tsx';
import { TradePrice, VatOrderedPrice } from '../product/trade-price.tsx';
import { usePriceDisplay } from '../../lib/price-display.ts';
import { WishlistHeart } from '../wishlist/wishlist-heart.tsx';
import { AddToBasket } from '../basket/add-to-basket.tsx';

export interface ProductTileProps {
  product: TileCard;
  /** The heading level of the product name inside the card (default 3). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * Whether tiles below load their image at once. Images are lazy by default; a grid wraps its
 * first row in `<EagerTileImages value>` so the images in view on arrival are not held back.
 */
export const EagerTileImages = createContext(false);

const BADGES: Record<string, { label: string; tone: BadgeTone }> = {
  new: { label: 'New', tone: 'info' },
  best_seller: { label: 'Best seller', tone: 'accent' },
  premium: { label: 'Premium', tone: 'neutral' },
  free_waste: { label: 'Free waste', tone: 'success' },
  recommended: { label: 'Recommended', tone: 'info' },
};

const etaFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

function stockLine(stock: TileCard['stockStatus']): { text: string; dot: string } {
  const eta = stock.eta ? etaFormat.format(new Date(stock.eta)) : null;
  switch (stock.status) {
    case 'in_stock':
      return { text: 'In stock', dot: 'bg-green-600' };
    case 'low_stock':
      return { text: 'Low stock: order soon', dot: 'bg-brass-500' };
    case 'made_to_order':
      return { text: eta ? `Made to order, ready by ${eta}` : 'Made to order', dot: 'bg-teal-600' };
    default:
      return { text: eta ? `Out of stock, back ${eta}` : 'Out of stock', dot: 'bg-navy-400' };
  }
}

/**
 * The product card shown in listings and carousels. The whole card is one link, to the product page.
 * A trade customer's price shows when the listing has filled in `tradePrices` (useTradePricedCards).
 */
export function ProductTile({ product, headingLevel = 3, className }: ProductTileProps) {
  const eager = useContext(EagerTileImages);
  const Heading = `h${headingLevel}` as const;
  const { price } = product;
  const stock = stockLine(product.stockStatus);
  const badges = product.badges.flatMap((badge) => BADGES[badge] ?? []);
  const discount = price.wasPriceIncTax !== null && price.discountPercentage > 0 ? price.discountPercentage : 0;
  const { tradeVisitor } = usePriceDisplay();

  return (
    <article
      className={cn(
        // `group` stays a class of its own: the image and name answer its hover.
        'group tile',
        className,
      )}
    >
      <div className="relative aspect-square bg-gradient-to-b from-white to-sand-100">
        <img
          src={product.image.url}
          alt={product.image.altText || product.productName}
          width={480}
          height={480}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="tile-image"
        />
        {(discount > 0 || badges.length > 0) && (
          <ul className="absolute top-2.5 left-2.5 flex flex-wrap gap-1.5 pr-12" aria-label="Highlights">
            {discount > 0 && (
              <li>
                <Badge tone="sale">Save {discount}%</Badge>
              </li>
            )}
            {badges.map((badge) => (
              <li key={badge.label}>
                <Badge tone={badge.tone}>{badge.label}</Badge>
              </li>
            ))}
          </ul>
        )}
        {/* Above the card's stretched link (z-10), in the corner the highlights leave free. */}
        <WishlistHeart sku={product.sku} productName={product.productName} className="absolute top-2 right-2 z-10" />
        {/* Above the card's stretched link, so it opens the quick view rather than the page. Phones
            skip it: the tile is too small for it, and the product page is one tap away. */}
        <div className="absolute right-2.5 bottom-2.5 z-10 hidden sm:block">
          <QuickViewButton slug={product.slug} productName={product.productName} />
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-2 p-4">
        <div>
          <p className="tile-brand">{product.brand.name}</p>
          <Heading className="mt-0.5 line-clamp-2 leading-snug font-semibold text-navy-950">
            <Link to={productPath(product.slug)} prefetch="intent" className="tile-link">
              {product.productName}
            </Link>
          </Heading>
        </div>
        {product.reviewsCount > 0 ? (
          <RatingStars rating={product.averageRating} count={product.reviewsCount} />
        ) : (
          <p className="text-sm text-navy-600">No reviews yet</p>
        )}
        <div className="mt-auto space-y-1.5 pt-1">
          {/* Where a trade customer browses, the price keeps the trade price's room from the first paint. */}
          <div className={cn('space-y-1.5', tradeVisitor && 'min-h-[6.25rem]')}>
            {product.tradePrices ? (
              <TradePrice price={product.tradePrices} retail={price} size="sm" />
            ) : tradeVisitor ? (
              <VatOrderedPrice exVat={price.priceExcTax} incVat={price.priceIncTax} />
            ) : (
              <>
                <Price pence={price.priceIncTax} wasPence={price.wasPriceIncTax} />
                <p className="text-xs text-navy-600">inc. VAT</p>
              </>
            )}
          </div>
          <p className="flex items-center gap-2 text-sm text-navy-800">
            <span className={cn('size-2 shrink-0 rounded-full', stock.dot)} aria-hidden="true" />
            {stock.text}
          </p>
          {product.variationListingLabel && <p className="text-sm font-medium text-teal-800">{product.variationListingLabel}</p>}
        </div>
        {/* One product, in stock: added from here (above the card's link). Options are chosen on the product's page. */}
        {!product.variationListingLabel && product.stockStatus.status !== 'out_of_stock' && (
          <AddToBasket
            sku={product.sku}
            productName={product.productName}
            labelSuffix={product.productName}
            quantity={1}
            size="sm"
            className="relative z-10 pt-1"
          />
        )}
      </div>
    </article>
  );
}
