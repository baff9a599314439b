import type { TileCard } from '../../lib/tile-cards.ts';
import { useTradePricedCards } from '../../lib/trade-prices.ts';
import { Carousel } from '../ui/carousel.tsx';
import { ProductTile } from './product-tile.tsx';
import { useCarouselEvents } from '../../lib/events/carousel-events.ts';

export interface ProductCarouselProps {
  /** Names the carousel for assistive technology and is its visible heading, e.g. "Best sellers". */
  title: string;
  products: TileCard[];
  className?: string;
  /** The carousel's identifier ("bought-together"): given, it is counted as seen and pressed for the staff reports. */
  listId?: string;
}

/** A titled, swipeable row of product tiles ("Best sellers", "New in", "Recently viewed"). */
export function ProductCarousel({ title, products: cards, className, listId }: ProductCarouselProps) {
  const products = useTradePricedCards(cards);
  const { ref, onClickCapture } = useCarouselEvents(listId, products);
  if (products.length === 0) return null;
  const carousel = (
    <Carousel
      label={title}
      className={listId ? undefined : className}
      heading={<h2 className="text-2xl font-bold tracking-tight text-navy-950">{title}</h2>}
      slides={products.map((product) => (
        <ProductTile key={product.id} product={product} />
      ))}
    />
  );
  // Presses bubble from the tiles' links to the box around the carousel, which is also what is watched coming into view.
  return listId ? (
    <div ref={ref} onClickCapture={onClickCapture} className={className}>
      {carousel}
    </div>
  ) : (
    carousel
  );
}
