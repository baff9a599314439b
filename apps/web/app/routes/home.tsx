import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { CategoryTile } from '../components/category-tile.tsx';
import { HeroIllustration } from '../components/illustrations/hero.tsx';
import { ProjectCarousel } from '../components/project-carousel.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { ButtonLink } from '../components/ui/button.tsx';
import { RecycleIcon, ReturnIcon, SearchIcon, TruckIcon } from '../components/ui/icons.tsx';
import { formatPenceShort, PAGE_TYPES } from '@shop/contracts';
import { ProductCarousel } from '../components/listing/product-carousel.tsx';
import { PromotionTile } from '../components/promotion-tile.tsx';
import { RecentlyViewedCarousel } from '../components/recently-viewed-carousel.tsx';
import { optionalExtra } from '../lib/api.server.ts';
import { loadCarousels, loadPromotions } from '../lib/shared-catalogue.server.ts';
import { categoryPath } from '../lib/catalogue.ts';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';
import { bandsInOrder, discountText, qualifiesText } from '../lib/trade/bands.ts';
import { loadTradeBands } from '../lib/trade/trade-api.server.ts';
import { TRADE_PATHS } from '../lib/trade/trade-paths.ts';
import {
  CHANGE_OF_MIND_RETURN_DAYS,
  FREE_LARGE_DELIVERY_THRESHOLD,
  FREE_PARCEL_DELIVERY_THRESHOLD,
  REFUND_WITHIN_DAYS,
  WEEE_TAKE_BACK_DAYS,
} from '../lib/shop-facts.ts';
import { useCategories } from '../lib/use-categories.ts';
import { productFormAction } from '../lib/product-forms.server.ts';
import { tileCarousels } from '../lib/tile-cards.ts';

/**
 * Offers and the best-seller and new-in carousels come with the page. Each is an extra: if one
 * cannot load, the home page still shows everything else (a visitor over their rate limit gets a
 * 429 page instead).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [promotions, carousels, bands] = await Promise.all([
    optionalExtra(loadPromotions(request, context)),
    optionalExtra(loadCarousels(request, context, PAGE_TYPES.homepage)),
    loadTradeBands(request),
  ]);
  return { promotions: promotions?.promotions ?? [], carousels: tileCarousels(carousels?.carousels ?? []), bands: bandsInOrder(bands) };
}

/** "Add to basket" on a product card, posted without the page's scripts (product-forms.ts). */
export const action = productFormAction;

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'Plumbline',
    'Bathroom suites, showers, radiators, taps and plumbing supplies for homeowners and the trade. ' +
      `Free delivery over ${formatPenceShort(FREE_LARGE_DELIVERY_THRESHOLD)} to most of mainland UK.`,
  );

const promises: { Icon: (props: { className?: string }) => ReactNode; title: string; text: string; to: string }[] = [
  {
    Icon: TruckIcon,
    title: `Free delivery over ${formatPenceShort(FREE_LARGE_DELIVERY_THRESHOLD)}`,
    text: `To most of mainland UK. Parcels go free over ${formatPenceShort(FREE_PARCEL_DELIVERY_THRESHOLD)}.`,
    to: helpPath('delivery'),
  },
  {
    Icon: ReturnIcon,
    title: `${CHANGE_OF_MIND_RETURN_DAYS}-day returns`,
    text: `Change your mind on unused items. Refunds within ${REFUND_WITHIN_DAYS} days.`,
    to: helpPath('returns'),
  },
  {
    Icon: SearchIcon,
    title: 'Track your order',
    text: 'Follow it online with its order number and your e-mail address.',
    to: helpPath('track-order'),
  },
  {
    Icon: RecycleIcon,
    title: 'Free WEEE recycling',
    text: `Bring back your old electrical item within ${WEEE_TAKE_BACK_DAYS} days when you buy new.`,
    to: helpPath('weee-recycling'),
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { promotions, carousels, bands } = loaderData;
  const firstBand = bands[0];
  const topBand = bands.at(-1);
  const categories = useCategories();
  const fittings = categories.find((category) => category.slug === 'plumbing-fittings');

  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-br from-sand-100 via-white to-teal-50">
        <div className="container-page grid items-center gap-10 py-10 md:grid-cols-[1.05fr_1fr] lg:py-16">
          <div>
            <p className="text-sm font-semibold tracking-widest text-teal-700 uppercase">Bathrooms · Heating · Plumbing</p>
            <h1 className="mt-3 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance text-navy-950 sm:text-5xl lg:text-6xl">
              Everything for a better bathroom
            </h1>
            <p className="mt-5 max-w-lg text-lg text-pretty text-navy-700">
              Suites, showers, radiators and every fitting to finish the job, for homeowners and the trade. Delivered across the UK, with{' '}
              {CHANGE_OF_MIND_RETURN_DAYS} days to change your mind.
            </p>
            <div className="mt-8 grid gap-3 sm:flex">
              <ButtonLink to="#shop-by-category" variant="accent" size="lg">
                Shop by category
              </ButtonLink>
              <ButtonLink to={helpPath('track-order')} variant="secondary" size="lg">
                Track an order
              </ButtonLink>
            </div>
          </div>
          <HeroIllustration className="aspect-[15/11] w-full drop-shadow-sm" />
        </div>
      </section>

      <section aria-label="Why shop with Plumbline" className="border-y border-navy-100 bg-white">
        <ul className="container-page grid grid-cols-2 gap-x-4 gap-y-5 py-6 lg:grid-cols-4 lg:gap-x-6">
          {promises.map(({ Icon, title, text, to }) => (
            <li key={title}>
              <Link to={to} className="group flex flex-col items-start gap-2 rounded-lg sm:flex-row sm:gap-3">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700">
                  <Icon className="size-6" />
                </span>
                <span>
                  <span className="block font-semibold text-navy-950 group-hover:underline">{title}</span>
                  {/* Phones show the headline only: four paragraphs would push the categories off screen. */}
                  <span className="hidden text-sm text-navy-700 sm:block">{text}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="shop-by-category" aria-labelledby="categories-heading" className="container-page scroll-mt-4 py-12 lg:py-16">
        <div className="flex items-end justify-between gap-4">
          <div>
            <h2 id="categories-heading" className="text-2xl font-extrabold tracking-tight text-navy-950 sm:text-3xl">
              Shop by category
            </h2>
            <p className="mt-1 text-navy-700">From full suites to the last push-fit elbow.</p>
          </div>
        </div>
        <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
          {categories.map((category) => (
            <li key={category.slug}>
              <CategoryTile category={category} />
            </li>
          ))}
        </ul>
      </section>

      {promotions.length > 0 && (
        <section aria-labelledby="offers-heading" className="container-page pb-12 lg:pb-16">
          <h2 id="offers-heading" className="text-2xl font-extrabold tracking-tight text-navy-950 sm:text-3xl">
            Offers and new arrivals
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {promotions.map((promotion) => (
              <li key={promotion.slug}>
                <PromotionTile promotion={promotion} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {carousels.map((carousel) => (
        <ProductCarousel key={carousel.identifier} title={carousel.title} products={carousel.products} className="container-page pb-12 lg:pb-16" />
      ))}
      <RecentlyViewedCarousel pageType={PAGE_TYPES.homepage} className="container-page pb-12 lg:pb-16" />

      <div className="bg-sand-100">
        <ProjectCarousel categories={categories} className="container-page py-12 lg:py-16" />
      </div>

      <section aria-labelledby="trade-heading" className="container-page py-12 lg:py-16">
        <div className="on-dark relative overflow-hidden rounded-3xl bg-navy-900 px-6 py-10 text-white sm:px-10 lg:px-14 lg:py-14">
          <div className="absolute -top-24 -right-24 size-72 rounded-full bg-teal-500/20" aria-hidden="true" />
          <div className="relative grid gap-8 lg:grid-cols-[1.2fr_1fr] lg:items-center">
            <div>
              <Badge tone="accent">For plumbers, fitters and builders</Badge>
              <h2 id="trade-heading" className="mt-4 text-3xl font-extrabold tracking-tight sm:text-4xl">
                Open a trade account
              </h2>
              <p className="mt-4 max-w-xl text-lg text-navy-100">
                {firstBand && topBand
                  ? `Trade prices on everything, ex VAT: from ${discountText(firstBand.discountBasisPoints)} ` +
                    `off, rising to ${discountText(topBand.discountBasisPoints)} as your 12-month spend grows.`
                  : 'Trade prices on everything, ex VAT, rising as your 12-month spend grows.'}
              </p>
              <div className="mt-7 grid gap-3 sm:flex sm:flex-wrap">
                <ButtonLink to={TRADE_PATHS.apply} variant="accent" size="lg">
                  Open a trade account
                </ButtonLink>
                <ButtonLink to={helpPath('trade-accounts')} variant="ghost" size="lg" className="text-white ring-1 ring-white/30 ring-inset hover:bg-white/10">
                  How trade accounts work
                </ButtonLink>
                {fittings && (
                  <ButtonLink
                    to={categoryPath(fittings.slug)}
                    variant="ghost"
                    size="lg"
                    className="text-white ring-1 ring-white/30 ring-inset hover:bg-white/10"
                  >
                    Shop {fittings.name.toLowerCase()}
                  </ButtonLink>
                )}
              </div>
            </div>
            <ol className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
              {bands.map((band) => (
                <li key={band.code} className="flex items-center justify-between gap-4 rounded-xl bg-white/8 px-4 py-3 ring-1 ring-white/10">
                  <span>
                    <span className="block font-semibold">{band.name}</span>
                    <span className="block text-sm text-navy-200">{qualifiesText(band)}</span>
                  </span>
                  <span className="text-xl font-extrabold text-brass-300 tabular-nums">{discountText(band.discountBasisPoints)}</span>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>
    </>
  );
}
