import type { TileCard } from '../../lib/tile-cards.ts';
import { useTradePricedCards } from '../../lib/trade-prices.ts';
import { Carousel } from '../ui/carousel.tsx';
import { ProductTile } from './product-tile.tsx';

export interface ProductCarouselProps {
  /** Names the carousel for assistive technology and is its visible heading, e.g. "Best sellers". */
  title: string;
  products: TileCard[];
  className?: string;
}

/** A titled, swipeable row of product tiles ("Best sellers", "New in", "Recently viewed"). */
export function ProductCarousel({ title, products: cards, className }: ProductCarouselProps) {
  const products = useTradePricedCards(cards);
  if (products.length === 0) return null;
  return (
    <Carousel
      label={title}
      className={className}
      heading={<h2 className="text-2xl font-bold tracking-tight text-navy-950">{title}</h2>}
      slides={products.map((product) => (
        <ProductTile key={product.id} product={product} />
      ))}
    />
  );
}
