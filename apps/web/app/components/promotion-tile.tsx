import { LISTING_TYPES, londonDayMonth, type Promotions } from '@shop/contracts';
import { Link } from 'react-router';
import { offerPath } from '../lib/catalogue.ts';
import { CategoryPicture } from './illustrations/category-picture.tsx';
import { Badge } from './ui/badge.tsx';
import { ArrowRightIcon } from './ui/icons.tsx';

type Promotion = Promotions['promotions'][number];

/** A running promotion or the new-products listing, as a card linking to its listing page. */
export function PromotionTile({ promotion }: { promotion: Promotion }) {
  const isNew = promotion.listingType === LISTING_TYPES.newProducts;
  return (
    <Link
      to={offerPath(promotion.slug)}
      className={
        'group grid h-full grid-cols-[1fr_7rem] items-center gap-4 overflow-hidden rounded-2xl border border-navy-100 ' +
        'bg-gradient-to-br from-white to-teal-50 p-5 transition hover:-translate-y-0.5 hover:border-teal-200 hover:shadow-lg'
      }
    >
      <div>
        <Badge tone={isNew ? 'info' : 'accent'}>{isNew ? 'Just arrived' : 'Offer'}</Badge>
        <h3 className="mt-3 text-lg font-bold text-navy-950 group-hover:text-teal-700">{promotion.title}</h3>
        <p className="mt-1 text-sm text-navy-700">
          {promotion.category ? `In ${promotion.category.name.toLowerCase()}` : isNew ? 'The latest additions to the range' : 'Across the shop'}
          {promotion.endsAt && `, ends ${londonDayMonth(promotion.endsAt)}`}
        </p>
        <span className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-teal-700">
          Shop now <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
      <div className="aspect-square rounded-xl bg-white/70" aria-hidden="true">
        <CategoryPicture lazy slug={promotion.category?.slug ?? (isNew ? 'bathroom-suites' : 'taps')} className="size-full p-2" />
      </div>
    </Link>
  );
}
