import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PAGE_TYPES, type GlobalItemContent, type Promotions, type TradeBand } from '@shop/contracts';
import type { HomeBlock, HomeContent } from '../../lib/content/drawn-page.ts';
import { categoryPath, type NavigationCategory } from '../../lib/catalogue.ts';
import { helpPath } from '../../lib/help-topics.ts';
import { discountText, qualifiesText } from '../../lib/trade/bands.ts';
import { TRADE_PATHS } from '../../lib/trade/trade-paths.ts';
import { cn } from '../../lib/cn.ts';
import { useCategories } from '../../lib/use-categories.ts';
import { CategoryTile } from '../category-tile.tsx';
import { HeroIllustration } from '../illustrations/hero.tsx';
import { ProductCarousel } from '../listing/product-carousel.tsx';
import { ProjectCarousel } from '../project-carousel.tsx';
import { PromotionTile } from '../promotion-tile.tsx';
import { RecentlyViewedCarousel } from '../recently-viewed-carousel.tsx';
import { Badge } from '../ui/badge.tsx';
import { ButtonLink } from '../ui/button.tsx';
import { CheckIcon, RecycleIcon, ReturnIcon, SearchIcon, TruckIcon } from '../ui/icons.tsx';

type Promotion = Promotions['promotions'][number];
type DeliveryPromise = GlobalItemContent<'delivery-promises'>['promises'][number];

export interface HomePageProps {
  /** The home page's content page; null when there is none to show: the page draws its own parts only. */
  content: HomeContent | null;
  /** The delivery promises staff set, their facts drawn (decision 0130). */
  promises: DeliveryPromise[];
  promotions: Promotion[];
  bands: TradeBand[];
}

/**
 * The home page (decision 0085, update of 2026-11-28): its content page's blocks in their order, in the
 * home page's look, with the parts drawn from the policy and live data where they always were: the
 * promises under the (first) hero, offers under the (first) category tiles, then recently viewed,
 * projects and trade accounts. Drawn by the storefront's home and by the editor's preview alike.
 */
export function HomePage({ content, promises, promotions, bands }: HomePageProps) {
  const categories = useCategories();
  const blocks = content?.blocks ?? [];
  const heroAt = blocks.findIndex((block) => block.type === 'hero');
  const tilesAt = blocks.findIndex((block) => block.type === 'categoryTiles');
  const offers = <Offers promotions={promotions} />;
  return (
    <>
      {heroAt < 0 && (
        <>
          <h1 className="sr-only">{content?.title ?? 'Plumbline'}</h1>
          <DeliveryPromises promises={promises} />
        </>
      )}
      {blocks.map((block, index) => (
        <Fragment key={index}>
          <Block block={block} index={index} first={index === heroAt || index === tilesAt} categories={categories} />
          {index === heroAt && <DeliveryPromises promises={promises} />}
          {index === tilesAt && offers}
        </Fragment>
      ))}
      {tilesAt < 0 && offers}
      <RecentlyViewedCarousel pageType={PAGE_TYPES.homepage} className="container-page pb-12 lg:pb-16" />
      <div className="bg-sand-100">
        <ProjectCarousel categories={categories} className="container-page py-12 lg:py-16" />
      </div>
      <TradeAccounts bands={bands} categories={categories} />
    </>
  );
}

interface BlockProps {
  block: HomeBlock;
  index: number;
  /** The page's first hero (its heading is the page's) or first tiles (the hero's "#shop-by-category"). */
  first: boolean;
  categories: readonly NavigationCategory[];
}

function Block({ block, index, first, categories }: BlockProps) {
  switch (block.type) {
    case 'hero':
      return <Hero block={block} first={first} />;
    case 'categoryTiles': {
      const shown =
        block.categorySlugs.length === 0 ? categories : block.categorySlugs.flatMap((slug) => categories.find((category) => category.slug === slug) ?? []);
      const headingId = first ? 'categories-heading' : `categories-heading-${index}`;
      return (
        <section id={first ? 'shop-by-category' : undefined} aria-labelledby={headingId} className="container-page scroll-mt-4 py-12 lg:py-16">
          <div className="flex items-end justify-between gap-4">
            <div>
              <h2 id={headingId} className="text-2xl font-extrabold tracking-tight text-navy-950 sm:text-3xl">
                {block.heading}
              </h2>
              {block.text && <p className="mt-1 text-navy-700">{block.text}</p>}
            </div>
          </div>
          <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5">
            {shown.map((category) => (
              <li key={category.slug}>
                <CategoryTile category={category} />
              </li>
            ))}
          </ul>
        </section>
      );
    }
    case 'homeCarousel':
      return <ProductCarousel listId={block.listId} title={block.heading} products={block.products} className="container-page pb-12 lg:pb-16" />;
    case 'promotionBanner':
    case 'callToAction':
      return (
        <section aria-labelledby={`block-heading-${index}`} className="container-page pb-12 lg:pb-16">
          <div className="flex flex-col gap-4 rounded-2xl bg-teal-50 p-6 sm:flex-row sm:items-center sm:justify-between md:p-8">
            <div>
              <h2 id={`block-heading-${index}`} className="text-2xl font-extrabold tracking-tight text-navy-950">
                {block.heading}
              </h2>
              {block.text && <p className="mt-1 text-navy-700">{block.text}</p>}
            </div>
            <ButtonLink to={block.href} variant={block.type === 'promotionBanner' ? 'accent' : 'primary'} size="lg">
              {block.linkLabel}
            </ButtonLink>
          </div>
        </section>
      );
  }
}

function Hero({ block, first }: { block: Extract<HomeBlock, { type: 'hero' }>; first: boolean }) {
  const Heading = first ? 'h1' : 'h2';
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-sand-100 via-white to-teal-50">
      <div className="container-page grid items-center gap-10 py-10 md:grid-cols-[1.05fr_1fr] lg:py-16">
        <div>
          {block.eyebrow && <p className="text-sm font-semibold tracking-widest text-teal-700 uppercase">{block.eyebrow}</p>}
          <Heading className="mt-3 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance text-navy-950 sm:text-5xl lg:text-6xl">
            {block.heading}
          </Heading>
          {block.text && <p className="mt-5 max-w-lg text-lg text-pretty text-navy-700">{block.text}</p>}
          {((block.href && block.linkLabel) || block.secondaryLink) && (
            <div className="mt-8 grid gap-3 sm:flex">
              {block.href && block.linkLabel && (
                <ButtonLink to={block.href} variant="accent" size="lg">
                  {block.linkLabel}
                </ButtonLink>
              )}
              {block.secondaryLink && (
                <ButtonLink to={block.secondaryLink.href} variant="secondary" size="lg">
                  {block.secondaryLink.label}
                </ButtonLink>
              )}
            </div>
          )}
        </div>
        {block.image ? (
          <img
            src={block.image.src}
            alt={block.image.decorative ? '' : block.image.alt}
            className="aspect-[15/11] w-full rounded-2xl object-cover drop-shadow-sm"
            width={600}
            height={440}
            fetchPriority={first ? 'high' : undefined}
          />
        ) : (
          <HeroIllustration className="aspect-[15/11] w-full drop-shadow-sm" />
        )}
      </div>
    </section>
  );
}

/** A promise's picture, by where it leads; a promise staff add elsewhere gets the tick. */
function promiseIcon(href: string | undefined): (props: { className?: string }) => ReactNode {
  if (href?.startsWith(helpPath('delivery'))) return TruckIcon;
  if (href?.startsWith(helpPath('returns'))) return ReturnIcon;
  if (href?.startsWith('/track-order')) return SearchIcon;
  if (href?.startsWith(helpPath('weee-recycling'))) return RecycleIcon;
  return CheckIcon;
}

/** The delivery promises staff set (decision 0130), each figure a fact drawn with the page; none, no strip. */
export function DeliveryPromises({ promises }: { promises: DeliveryPromise[] }) {
  if (promises.length === 0) return null;
  return (
    <section aria-label="Why shop with Plumbline" className="border-y border-navy-100 bg-white">
      <ul className="container-page grid grid-cols-2 gap-x-4 gap-y-5 py-6 lg:grid-cols-4 lg:gap-x-6">
        {promises.map(({ heading, text, href }) => {
          const Icon = promiseIcon(href);
          const words = (
            <>
              <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700">
                <Icon className="size-6" />
              </span>
              <span>
                <span className={cn('block font-semibold text-navy-950', href && 'group-hover:underline')}>{heading}</span>
                {/* Phones show the headline only: four paragraphs would push the categories off screen. */}
                <span className="hidden text-sm text-navy-700 sm:block">{text}</span>
              </span>
            </>
          );
          const look = 'group flex flex-col items-start gap-2 rounded-lg sm:flex-row sm:gap-3';
          return (
            <li key={heading}>
              {href ? (
                <Link to={href} className={look}>
                  {words}
                </Link>
              ) : (
                <div className={look}>{words}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Offers({ promotions }: { promotions: Promotion[] }) {
  if (promotions.length === 0) return null;
  return (
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
  );
}

/** Trade accounts, their bands read from the trade service. */
function TradeAccounts({ bands, categories }: { bands: TradeBand[]; categories: readonly NavigationCategory[] }) {
  const firstBand = bands[0];
  const topBand = bands.at(-1);
  const fittings = categories.find((category) => category.slug === 'plumbing-fittings');
  return (
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
                <ButtonLink to={categoryPath(fittings.slug)} variant="ghost" size="lg" className="text-white ring-1 ring-white/30 ring-inset hover:bg-white/10">
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
  );
}
