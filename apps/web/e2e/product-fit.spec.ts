import { expect, test, type APIRequestContext } from './test.ts';
import type { Navigation, ProductCard, ProductSummary } from '@shop/contracts';
import { addBasin, visitorAddress } from './checkout-steps.ts';
import { acceptOptionalCookies, SCREENSHOT_DIR } from './pages.ts';
import { overflowOf } from './reflow.ts';

/**
 * Product pages fit a phone and show the chosen finish (docs/domain.md §2.1). "Every product
 * template": one product of every sub-category, the one with the most variants (three finishes
 * give the longest rows), so each family's page is measured as its fullest.
 */
test.describe.configure({ timeout: 240_000 });

async function fullestOfEveryFamily(request: APIRequestContext): Promise<string[]> {
  const navigation = (await (await request.get('/api/catalogue/Navigation')).json()) as Navigation;
  const families = navigation.categories.flatMap((department) => department.children.map((child) => child.slug));
  const paths: string[] = [];
  for (const slug of families) {
    const listing = (await (await request.post('/api/catalogue/Listings/Categories', { data: { slug, size: 100 } })).json()) as { products: ProductCard[] };
    const options = (card: ProductCard) => Number(/\d+/.exec(card.variationListingLabel ?? '')?.[0] ?? 1);
    const fullest = listing.products.toSorted((a, b) => options(b) - options(a))[0];
    if (fullest) paths.push(`/p/${fullest.slug}`);
  }
  return paths;
}

/** The first product of a category whose offerings come in three finishes or more. */
async function productInThreeFinishes(request: APIRequestContext, category: string): Promise<ProductSummary> {
  const listing = (await (await request.post('/api/catalogue/Listings/Categories', { data: { slug: category, size: 100 } })).json()) as {
    products: ProductCard[];
  };
  for (const card of listing.products) {
    const summary = (await (await request.get(`/api/catalogue/Products/Summaries?slug=${card.slug}`)).json()) as ProductSummary;
    if (new Set(summary.offerings.map((offering) => offering.finish)).size >= 3) return summary;
  }
  throw new Error(`No product in ${category} comes in three finishes`);
}

/**
 * The shop's frame (header, menus, footer, cookie banner) around each kind of page, beside the product templates:
 * home, a category listing, search, the help centre, and the basket and checkout with a basin in them.
 */
const FRAME_PAGES = ['/', '/c/toilets/close-coupled-toilets', '/search?q=shower', '/help', '/help/delivery', '/help/contact/general-enquiry'];
const BASKET_PAGES = ['/basket', '/checkout'];

/**
 * The widths: the desktop the other tests use, the commonest phone (390 px), and 320 px (a small phone, and a 1280 px
 * window at 400% zoom: the reflow case of WCAG 1.4.10). Each page is loaded once and measured at all three, the window
 * resized between. One browser measures them all: a width's layout is its media queries' (the shop's CSS and scripts ask
 * nothing of touch, pointer or hover but hover colours), and `overflowOf` measures against the screen's width, so a phone's
 * widened layout viewport hides nothing; a second run at 390 px loaded every page again to measure the same layouts.
 */
const WIDTHS = [1366, 390, 320] as const;

/** The pages in two tests, which two workers measure side by side: the frame's and basket pages with half the families, then the rest. */
const HALVES = ['the shop’s frame, the basket, checkout and half the product families', 'the other half of the product families'] as const;

for (const [half, pages] of HALVES.entries()) {
  test(`every page template fits a 320 px screen, a 390 px phone and a desktop without scrolling sideways: ${pages}`, async ({ page }, testInfo) => {
    // Some 50 pages and their API calls: from an address of their own, not the budget the other tests share.
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
    const families = await fullestOfEveryFamily(page.request);
    expect(families.length).toBeGreaterThan(80);
    const middle = Math.ceil(families.length / 2);
    let paths = families.slice(middle);
    if (half === 0) {
      await addBasin(page);
      paths = [...FRAME_PAGES, ...BASKET_PAGES, ...families.slice(0, middle)];
    }
    const wide: string[] = [];
    for (const path of paths) {
      await page.setViewportSize({ width: WIDTHS[0], height: 800 });
      await page.goto(path, { waitUntil: 'load' });
      for (const width of WIDTHS) {
        if (width !== page.viewportSize()!.width) await page.setViewportSize({ width, height: 800 });
        const { overflow, outside } = await overflowOf(page, width);
        if (overflow > 0) wide.push(`${path}: ${width + overflow} px (${outside})`);
      }
    }
    expect(wide).toEqual([]);
  });
}

test('choosing a finish shows that finish’s pictures, and so does a direct link to it', async ({ page, browser }, testInfo) => {
  const tap = await productInThreeFinishes(page.request, 'taps');
  const black = tap.offerings.find((offering) => offering.finish === 'Matt Black')!;
  expect(black).toBeDefined();
  const main = page.getByRole('img', { name: new RegExp(`^${tap.productName} in`) }).first();

  await page.setViewportSize({ width: 390, height: 844 });
  // Viewing is recorded in the browser only with cookies that remember the visitor accepted; the record says the page has hydrated.
  await acceptOptionalCookies(page.context());
  await page.goto(`/p/${tap.slug}`, { waitUntil: 'networkidle' });
  await page.waitForFunction((sku) => window.localStorage.getItem('plumbline.recently-viewed')?.includes(sku), tap.sku);
  await expect(main).toHaveAttribute('src', /-chrome\.svg/);

  await page
    .getByRole('group', { name: /^Finish/ })
    .getByText('Matt Black')
    .click();
  await expect(page).toHaveURL(new RegExp(`\\?sku=${black.sku}$`));
  await expect(main).toHaveAttribute('src', /-matt-black\.svg/);
  await expect(main).toHaveAccessibleName(`${tap.productName} in Matt Black`);
  // The thumbnails are the matt black set: the product, a close-up and its dimensions.
  const thumbnails = page.getByRole('list', { name: 'Product images' }).locator('img');
  await expect(thumbnails).toHaveCount(3);
  for (const src of await thumbnails.evaluateAll((images) => images.map((image) => image.getAttribute('src')))) expect(src).toMatch(/-matt-black/);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-product-matt-black.png`, animations: 'disabled' });

  // A direct link, before any script has run: the server draws the page in matt black.
  const noScripts = await browser.newContext({ javaScriptEnabled: false, baseURL: testInfo.project.use.baseURL, viewport: { width: 1366, height: 900 } });
  const direct = await noScripts.newPage();
  await direct.goto(`/p/${tap.slug}?sku=${encodeURIComponent(black.sku)}`);
  await expect(direct.getByRole('img', { name: `${tap.productName} in Matt Black` }).first()).toHaveAttribute('src', /-matt-black\.svg/);
  await expect(direct.getByRole('img', { name: new RegExp(`^${tap.productName} in Chrome`) })).toHaveCount(0);
  await direct.screenshot({ path: `${SCREENSHOT_DIR}/desktop-product-matt-black-direct.png`, animations: 'disabled' });
  await noScripts.close();
});
