import { ApiError } from '@shop/api-client';
import { formatPence, PAGE_TYPES } from '@shop/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { data, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import type { Route } from './+types/product';
import { AddToBasket } from '../components/basket/add-to-basket.tsx';
import { ProductHelpLinks } from '../components/help-forms/product-help-links.tsx';
import { WishlistHeart } from '../components/wishlist/wishlist-heart.tsx';
import { AddToProject } from '../components/projects/add-to-project-lazy.tsx';
import { loadProjectPicker } from '../lib/account/project-picker.server.ts';
import { Breadcrumbs } from '../components/layout/breadcrumbs.tsx';
import {
  DeliveryOptions,
  normalisePostcode,
  postcodeProblem,
  rejectionMessage,
  type ProductDeliveryOptions,
  type SentPostcode,
} from '../components/product/delivery-options.tsx';
import { EssentialItems, requiredEssentials } from '../components/product/essential-items.tsx';
import { PriceBlock } from '../components/product/price-block.tsx';
import { poundsString, schemaAvailability } from '../components/product/product-format.ts';
import { imagesOfFinish } from '../components/product/gallery-images.ts';
import { ProductGallery } from '../components/product/product-gallery.tsx';
import { ProductHeadline } from '../components/product/product-headline.tsx';
import { REVIEWS_PAGE_PARAM, reviewsPageOf, type ProductReviewsData } from '../components/product/reviews-page.ts';
import { QuantityInput } from '../components/product/quantity-input.tsx';
import { Specifications } from '../components/product/specifications.tsx';
import { StockStatus } from '../components/product/stock-status.tsx';
import { selectedOffering } from '../components/product/variant-axes.ts';
import { VariantPicker } from '../components/product/variant-picker.tsx';
import { breadcrumbListData, JsonLd } from '../components/seo/json-ld.tsx';
import { Checkbox } from '../components/ui/checkbox.tsx';
import { RecycleIcon, ReturnIcon } from '../components/ui/icons.tsx';
import { catalogueClient, deliveryClient, optionalExtra, reviewsClient, throwIfRateLimited } from '../lib/api.server.ts';
import { categoryPath, productPath } from '../lib/catalogue.ts';
import { pageMeta } from '../lib/meta.ts';
import { WEEE_TAKE_BACK_DAYS } from '../lib/shop-facts.ts';
import { cn } from '../lib/cn.ts';
import { loadNavigation } from '../lib/navigation.server.ts';
import { loadCarousels } from '../lib/shared-catalogue.server.ts';
import { recordRecentlyViewed } from '../lib/recently-viewed.ts';
import { track } from '../lib/events/track.ts';
import { useTradePrices } from '../lib/trade-prices.ts';
import { lazyComponent } from '../lib/lazy-component.tsx';
import { productFormAction } from '../lib/product-forms.server.ts';
import {
  carouselsView,
  deliveryView,
  essentialItemsView,
  productView,
  reviewsView,
  shareEqualRecords,
  showsProducts,
  SHOWS_PRODUCTS_HEADER,
  withBundleEssentials,
} from '../lib/product-page-data.server.ts';
import { WITH_REQUIRED_FIELD } from '../lib/product-forms.ts';

// Sections below the fold: drawn by the server, their code fetched as they near the window (docs/decisions/0054).
const ProductReviews = lazyComponent(() => import('../components/product/product-reviews.tsx').then((module) => module.ProductReviews), {
  whenVisible: true,
});
const CustomerPhotos = lazyComponent(() => import('../components/product/customer-photos.tsx').then((module) => module.CustomerPhotos), {
  whenVisible: true,
});
const ProductCarousels = lazyComponent(() => import('../components/product/product-carousels.tsx').then((module) => module.ProductCarousels), {
  whenVisible: true,
});

/** The product, or a real 404 for an unknown slug; a 429 for a visitor over their rate limit; anything else means the catalogue is down (503). */
async function loadProduct(request: Request, slug: string) {
  try {
    return await catalogueClient(request).getProductSummary({ query: { slug } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throwIfRateLimited(error);
    const reason = error instanceof ApiError ? `${error.status} ${error.message}` : String(error);
    process.stderr.write(`[web] product ${slug} unavailable: ${reason}\n`);
    throw data({ reason: 'catalogue-unavailable' }, { status: 503 });
  }
}

/**
 * The delivery options the page opens with, for one item: to the postcode in the page's address
 * (the postcode form, sent before the page's scripts ran or without them), else to mainland Great
 * Britain. A postcode that is not one, or that the API turns down, is said in the field.
 */
async function loadDelivery(
  request: Request,
  sku: string,
  typed: string | null,
): Promise<{ options: ProductDeliveryOptions | null; sent: SentPostcode | null }> {
  const ask = (postcode: string | null) => deliveryClient(request).getProductDeliveryOptions({ body: { sku, quantity: 1, postcode } });
  const mainland = () => optionalExtra(ask(null));
  if (typed === null) return { options: await mainland(), sent: null };
  const problem = postcodeProblem(typed);
  if (problem) return { options: await mainland(), sent: { typed, postcode: null, problem } };
  const postcode = normalisePostcode(typed);
  try {
    return { options: await ask(postcode), sent: { typed, postcode, problem: null } };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      return { options: await mainland(), sent: { typed, postcode: null, problem: rejectionMessage(error) } };
    }
    throwIfRateLimited(error);
    // No answer for now: the page asks again once its scripts run.
    return { options: null, sent: { typed, postcode, problem: null } };
  }
}

/**
 * The reviews section's data: the summary, one page of published reviews (newest first) and the
 * answered questions. The reviews are not the product: a failure leaves the section saying so.
 */
async function loadReviews(request: Request, slug: string, page: number): Promise<ProductReviewsData | null> {
  const reviews = reviewsClient(request);
  try {
    const [summary, listing, questions] = await Promise.all([
      reviews.getReviewSummary({ params: { slug } }),
      reviews.listReviews({ query: { slug, page, size: 10, sort: 'newest' } }),
      optionalExtra(reviews.listQuestions({ query: { slug, page: 1, size: 10 } })),
    ]);
    return { summary, listing, questions };
  } catch (error) {
    throwIfRateLimited(error);
    const reason = error instanceof ApiError ? `${error.status} ${error.message}` : String(error);
    process.stderr.write(`[web] reviews of ${slug} unavailable: ${reason}\n`);
    return null;
  }
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [navigation, product] = await Promise.all([loadNavigation(request, context), loadProduct(request, params.slug)]);
  const offering = selectedOffering(product.offerings, url.searchParams.get('sku'));
  const sku = offering?.sku ?? product.sku;

  const catalogue = catalogueClient(request);
  const [essentials, withinBundle, userContent, carousels, delivery, reviews, projectPicker] = await Promise.all([
    optionalExtra(catalogue.getEssentialItems({ query: { sku } })),
    // What the bundle's items need within this bundle only, listed with its own essential items.
    Promise.all(
      (product.isBundle ? product.bundleComponents : []).map((component) =>
        optionalExtra(catalogue.getEssentialItems({ query: { sku: component.sku, bundleId: product.id } })),
      ),
    ),
    optionalExtra(catalogue.getUserContentCarousel({ params: { id: product.id } })),
    optionalExtra(loadCarousels(request, context, PAGE_TYPES.product, product.defaultCategory.slug)),
    loadDelivery(request, sku, url.searchParams.get('postcode')),
    loadReviews(request, product.slug, reviewsPageOf(url.searchParams)),
    loadProjectPicker(
      request,
      product.offerings.map((each) => each.sku),
    ),
  ]);

  // The sub-category's department comes from the navigation tree.
  const subCategory = product.defaultCategory;
  const department = navigation.categories.find(
    (category) => category.slug === subCategory.slug || category.children.some((child) => child.slug === subCategory.slug),
  );
  const trail = [
    ...(department ? [{ label: department.name, to: categoryPath(department.slug) }] : []),
    ...(department && department.slug !== subCategory.slug ? [{ label: subCategory.name, to: categoryPath(department.slug, subCategory.slug) }] : []),
    { label: product.productName },
  ];

  const shownCarousels = carouselsView(carousels?.carousels.filter((carousel) => carousel.identifier !== 'recently-viewed') ?? [], product.id);
  // The products whose details the page shows, so a guest's kept copy is forgotten by their changes, not every product's.
  const shows = showsProducts(product, essentials?.items ?? [], shownCarousels);
  // Only what the page reads, equal records sent once (lib/product-page-data.server.ts, issue 36).
  const page = shareEqualRecords({
    product: productView(product),
    sku,
    trail,
    origin: url.origin,
    essentials: essentialItemsView(withBundleEssentials(essentials?.items ?? [], withinBundle)),
    customerPhotos: userContent?.items ?? [],
    carousels: shownCarousels,
    delivery: delivery.options && deliveryView(delivery.options),
    postcodeSent: delivery.sent,
    reviews: reviews && reviewsView(reviews),
    // A signed-out visitor's picker says nothing unless an add just failed: left out of the page's data then.
    projectPicker: projectPicker.signedIn || projectPicker.problem ? projectPicker : null,
  });
  return data(page, shows ? { headers: { [SHOWS_PRODUCTS_HEADER]: shows } } : undefined);
}

export const headers: Route.HeadersFunction = ({ parentHeaders, loaderHeaders }) => {
  const answer = new Headers(parentHeaders);
  const shows = loaderHeaders.get(SHOWS_PRODUCTS_HEADER);
  if (shows) answer.set(SHOWS_PRODUCTS_HEADER, shows);
  return answer;
};

/** "Add to basket" and "Save to wishlist" posted without the page's scripts (product-forms.ts). */
export const action = productFormAction;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { product } = loaderData;
  const description = product.description.length > 155 ? `${product.description.slice(0, 154).trimEnd()}…` : product.description;
  return pageMeta(product.productName, description);
};

type LoaderData = Route.ComponentProps['loaderData'];

function productJsonLd({ product, sku, origin, reviews }: LoaderData) {
  const absolute = (path: string) => new URL(path, origin).href;
  return {
    '@type': 'Product',
    name: product.productName,
    sku,
    description: product.description,
    brand: { '@type': 'Brand', name: product.brand.name },
    image: product.images.map((image) => absolute(image.url)),
    url: absolute(productPath(product.slug)),
    offers: product.offerings.map((offering) => ({
      '@type': 'Offer',
      sku: offering.sku,
      name: offering.label,
      url: absolute(`${productPath(product.slug)}?sku=${encodeURIComponent(offering.sku)}`),
      price: poundsString(offering.price.priceIncTax),
      priceCurrency: 'GBP',
      availability: schemaAvailability(offering.stockStatus.status),
      itemCondition: 'https://schema.org/NewCondition',
    })),
    ...(product.reviewsCount > 0 && {
      aggregateRating: { '@type': 'AggregateRating', ratingValue: product.averageRating, reviewCount: product.reviewsCount, bestRating: 5, worstRating: 1 },
    }),
    // Up to five reviews from the first page (newest first).
    ...(reviews?.listing.page === 1 &&
      reviews.listing.items.length > 0 && {
        review: reviews.listing.items.slice(0, 5).map((review) => ({
          '@type': 'Review',
          name: review.title,
          author: { '@type': 'Person', name: review.displayName },
          reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          reviewBody: review.text,
          datePublished: review.createdAt.slice(0, 10),
        })),
      }),
  };
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  // A new product starts afresh: quantity, postcode check and gallery position belong to one product.
  return <ProductDetails key={loaderData.product.id} loaderData={loaderData} />;
}

function ProductDetails({ loaderData }: { loaderData: LoaderData }) {
  const { product, trail, origin, essentials, customerPhotos, carousels, delivery, postcodeSent, reviews } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // null while the quantity box holds something that is not a quantity: nothing can be added then.
  const [quantity, setQuantity] = useState<number | null>(1);
  const [lastQuantity, setLastQuantity] = useState(1);
  const [withRequired, setWithRequired] = useState(false);
  const withRequiredBox = useRef<HTMLInputElement>(null);
  // Ticked before the page's scripts ran: keep it.
  useEffect(() => {
    if (withRequiredBox.current?.checked) setWithRequired(true);
  }, []);
  const quantityId = useId();
  const basketFormId = useId();
  const required = requiredEssentials(essentials);

  // While the next variant loads, show it chosen already (the loader brings its essentials and delivery).
  const pending = navigation.location?.pathname === location.pathname ? new URLSearchParams(navigation.location.search).get('sku') : null;
  const offering = selectedOffering(product.offerings, pending ?? loaderData.sku);
  const price = offering?.price ?? product.price;
  const stock = offering?.stockStatus ?? product.stockStatus;
  const tradePrices = useTradePrices(product.offerings.map((entry) => entry.sku));

  const viewedSku = loaderData.sku;
  const productId = product.id;
  const categoryName = trail.at(-2)?.label;
  useEffect(() => {
    recordRecentlyViewed(viewedSku);
    track('Product Viewed', { product_id: String(productId), sku: viewedSku, ...(categoryName && { category: categoryName }) });
  }, [viewedSku, productId, categoryName]);

  const chooseOffering = (sku: string) => navigate({ search: `?sku=${encodeURIComponent(sku)}` }, { replace: true, preventScrollReset: true });

  const reviewsPageHref = (page: number) => {
    const search = new URLSearchParams(location.search);
    if (page === 1) search.delete(REVIEWS_PAGE_PARAM);
    else search.set(REVIEWS_PAGE_PARAM, String(page));
    const query = search.toString();
    return `${location.pathname}${query ? `?${query}` : ''}#reviews`;
  };

  const crumbUrl = (to: string | undefined) => new URL(to ?? `${productPath(product.slug)}`, origin).href;

  return (
    <>
      <JsonLd data={productJsonLd(loaderData)} />
      <JsonLd data={breadcrumbListData([{ label: 'Home', to: '/' }, ...trail].map((crumb) => ({ name: crumb.label, url: crumbUrl(crumb.to) })))} />

      <div className="container-page py-4 sm:py-6">
        <Breadcrumbs trail={trail} />
      </div>

      {/*
        On a phone the name, price and stock come before the gallery, so they are in the first screen;
        on a wide screen the gallery takes the left column beside them, through both rows.
      */}
      {/* One column of minmax(0, 1fr) on a phone: a long row (the thumbnails) scrolls inside it rather than widening the page. */}
      <div className="container-page grid grid-cols-1 gap-6 pb-12 lg:grid-cols-12 lg:gap-x-12">
        <div className="space-y-4 lg:col-span-6 lg:col-start-7 lg:row-start-1">
          <ProductHeadline product={product} reviewsHref="#reviews" />
          <div className="space-y-3">
            <PriceBlock price={price} tradePrice={tradePrices?.get(offering?.sku ?? product.sku)} />
            <StockStatus stock={stock} />
          </div>
        </div>

        {/* The chosen finish's pictures, from its first (keyed, so a new finish opens on its main picture). */}
        <ProductGallery
          key={offering?.finish ?? ''}
          images={imagesOfFinish(product.images, product.offerings, offering)}
          className="lg:col-span-6 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:self-start lg:sticky lg:top-6"
        />

        <div className="space-y-6 lg:col-span-6 lg:col-start-7 lg:row-start-2">
          {offering && <VariantPicker offerings={product.offerings} selected={offering} onSelect={chooseOffering} />}

          <div className="flex flex-wrap items-start gap-3 border-t border-navy-100 pt-6">
            <QuantityInput
              id={quantityId}
              form={basketFormId}
              // As wide as the box, so its error message wraps under it rather than pushing the buttons along.
              className="w-36"
              onChange={(typed) => {
                setQuantity(typed);
                if (typed !== null) setLastQuantity(typed);
              }}
            />
            <AddToBasket
              sku={offering?.sku ?? product.sku}
              productName={product.productName}
              formId={basketFormId}
              quantity={quantity}
              quantityFieldId={quantityId}
              withItems={withRequired ? required.map((item) => ({ sku: item.sku, quantity: item.quantity, name: item.product.productName })) : []}
              unavailable={stock.status === 'out_of_stock'}
              className="min-w-48 flex-1 pt-[1.625rem]"
            />
            <WishlistHeart sku={offering?.sku ?? product.sku} productName={product.productName} look="button" className="mt-[1.625rem]" />
            {required.length > 0 && (
              <Checkbox
                ref={withRequiredBox}
                form={basketFormId}
                name={WITH_REQUIRED_FIELD}
                className="basis-full"
                checked={withRequired}
                onChange={(event) => setWithRequired(event.target.checked)}
                label={`Add the required ${required.length === 1 ? 'item' : `${required.length} items`} too`}
                hint={required.map((item) => `${item.quantity} × ${item.product.productName} (${formatPence(item.product.price.priceIncTax)})`).join(', ')}
              />
            )}
          </div>

          <AddToProject sku={offering?.sku ?? product.sku} picker={loaderData.projectPicker} />

          <ProductHelpLinks sku={offering?.sku ?? product.sku} outOfStock={stock.status === 'out_of_stock'} />

          <DeliveryOptions sku={offering?.sku ?? product.sku} quantity={lastQuantity} initial={delivery} sent={postcodeSent} />

          <ul className={cn('grid gap-3 text-sm text-navy-800', product.isWeee && 'sm:grid-cols-2')}>
            <li className="flex items-start gap-2.5 rounded-xl bg-sand-50 p-3">
              <ReturnIcon className="mt-0.5 size-5 shrink-0 text-teal-700" />
              <span>
                <strong className="block font-semibold text-navy-950">{`${product.guaranteeYears}-year guarantee`}</strong>
                Manufacturer’s guarantee from the date of delivery.
              </span>
            </li>
            {product.isWeee && (
              <li className="flex items-start gap-2.5 rounded-xl bg-sand-50 p-3">
                <RecycleIcon className="mt-0.5 size-5 shrink-0 text-teal-700" />
                <span>
                  <strong className="block font-semibold text-navy-950">Free take-back of your old one</strong>
                  An electrical item: we take back your old one of the same type free within {WEEE_TAKE_BACK_DAYS} days.{' '}
                  <Link to="/help/weee-recycling" className="font-medium text-teal-700 underline hover:text-teal-900">
                    How WEEE recycling works
                  </Link>
                </span>
              </li>
            )}
          </ul>
        </div>
      </div>

      {essentials.length > 0 && (
        <div className="border-y border-navy-100 bg-sand-50">
          <EssentialItems items={essentials} className="container-page py-10" />
        </div>
      )}

      <div className="container-page grid grid-cols-1 gap-10 py-12 lg:grid-cols-12 lg:gap-12">
        <section aria-labelledby="description-heading" className="space-y-6 lg:col-span-7">
          <div>
            <h2 id="description-heading" className="section-heading">
              About this product
            </h2>
            <p className="mt-3 max-w-prose leading-relaxed text-navy-800">{product.description}</p>
          </div>
          {product.isBundle && product.bundleComponents.length > 0 && (
            <div>
              <h3 className="text-lg font-bold text-navy-950">What’s in the set</h3>
              <ul className="mt-3 divide-y divide-navy-100 rounded-xl ring-1 ring-navy-100">
                {product.bundleComponents.map((component) => (
                  <li key={component.sku} className="flex items-center justify-between gap-3 px-4 py-3">
                    <Link to={productPath(component.slug)} className="font-medium text-teal-800 hover:underline">
                      {component.productName}
                    </Link>
                    <span className="shrink-0 text-sm text-navy-700">× {component.quantity}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
        <Specifications
          specifications={{ ...product.specifications, ...(offering && { 'Product code': offering.sku }), Guarantee: `${product.guaranteeYears} years` }}
          className="lg:col-span-5"
        />
      </div>

      <div className="border-t border-navy-100">
        <ProductReviews reviews={reviews} hrefForPage={reviewsPageHref} className="container-page py-12" />
      </div>

      <CustomerPhotos items={customerPhotos} className="container-page py-8" />
      <ProductCarousels initial={carousels} categorySlug={product.defaultCategory.slug} productId={product.id} className="container-page pb-12" />
    </>
  );
}
