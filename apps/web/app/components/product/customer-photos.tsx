import { londonLongDate, type UserContentCarousel } from '@shop/contracts';
import { Carousel } from '../ui/carousel.tsx';

/** Customers' approved photos of the product; nothing at all when there are none. */
export function CustomerPhotos({ items, className }: { items: UserContentCarousel['items']; className?: string }) {
  if (items.length === 0) return null;
  return (
    <Carousel
      label="Customer photos"
      className={className}
      heading={
        <div>
          <h2 className="section-heading">Customer photos</h2>
          <p className="mt-1 text-sm text-navy-700">Shared by customers, checked by our team.</p>
        </div>
      }
      slides={items.map((item) => (
        <figure key={item.id} className="overflow-hidden rounded-xl border border-navy-100 bg-white">
          <img src={item.imageUrl} alt={item.caption} width={480} height={360} loading="lazy" className="aspect-[4/3] w-full bg-sand-100 object-cover" />
          <figcaption className="space-y-0.5 p-3 text-sm">
            <p className="font-medium text-navy-950">{item.caption}</p>
            <p className="text-navy-700">
              {item.authorName} · <time dateTime={item.createdAt}>{londonLongDate(item.createdAt)}</time>
            </p>
          </figcaption>
        </figure>
      ))}
    />
  );
}
