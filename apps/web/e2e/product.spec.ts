import { expectNoViolations } from './axe.ts';
import { expect, test, type Locator, type Page } from './test.ts';
import { DEMO, signIn } from './auth.ts';
import { acceptOptionalCookies, SCREENSHOT_DIR } from './pages.ts';

// A cloakroom basin from the deterministic demo catalogue: sizes 400 mm (default) and 500 mm,
// a required waste among its essential items, and large-item delivery.
const BASIN = '/p/tamar-trade-eden-cloakroom-basin-pl000109';

/**
 * Opens the basin, cookies that remember the visitor accepted, and waits for hydration: the page records the
 * viewed sku in an effect, so once it is in local storage the variant picker and the postcode form answer to clicks.
 */
async function openBasin(page: Page) {
  await acceptOptionalCookies(page.context());
  await page.goto(BASIN, { waitUntil: 'networkidle' });
  await page.waitForFunction(() => window.localStorage.getItem('plumbline.recently-viewed')?.includes('PL000109'));
}

// A budget for a busy CI machine (two workers on two cores), not an expected time.
test.describe.configure({ timeout: 90_000 });

test('the product page is server-rendered with its details and structured data', async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openBasin(page);

  await expect(page).toHaveTitle('Tamar Trade Eden Cloakroom Basin | Plumbline');
  await expect(page.getByRole('heading', { level: 1, name: 'Tamar Trade Eden Cloakroom Basin' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Basins', exact: true })).toHaveAttribute('href', '/c/basins');
  await expect(breadcrumb.getByRole('link', { name: 'Cloakroom Basins' })).toHaveAttribute('href', '/c/basins/cloakroom-basins');
  await expect(page.getByText(/^Save £[\d,.]+ \(\d+%\)$/).first()).toBeVisible();
  await expect(page.getByText(/ex VAT$/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add to basket', exact: true })).toBeEnabled();
  await expect(page.getByRole('table')).toContainText('Vitreous China');

  const structured = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = structured.map((text) => JSON.parse(text)).find((item) => item['@type'] === 'Product');
  expect(product).toMatchObject({ name: 'Tamar Trade Eden Cloakroom Basin', sku: 'PL000109-1', brand: { name: 'Tamar Trade' } });
  expect(product.image[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/images\/products\//);
  expect(product.offers[0]).toMatchObject({ priceCurrency: 'GBP', availability: expect.stringMatching(/^https:\/\/schema\.org\//) });
  expect(product.offers[0].price).toMatch(/^\d+\.\d{2}$/);

  await expectNoViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-product.png`, fullPage: true, animations: 'disabled' });
  expect(errors).toEqual([]);
});

test('a trade customer sees the trade price of the chosen size; a guest does not', async ({ page }, testInfo) => {
  await openBasin(page);
  await expect(page.getByText('Your trade price', { exact: true })).toHaveCount(0);

  await signIn(page, DEMO.trade.email);
  await openBasin(page);
  // The product's own price comes first; the carousels below carry trade prices too.
  const trade = page.getByText('Your trade price', { exact: true }).first().locator('..');
  await expect(trade).toContainText(/£[\d,]+\.\d{2}\s*ex VAT/);
  await expect(trade).toContainText(/£[\d,]+\.\d{2} inc VAT/);
  await expect(trade).toContainText(/^(?!.*Band T)(?=.*(Bronze|Silver|Gold|Platinum): [\d.]+% off the ex-VAT retail price)/s);
  // The customer's own price, not a sale.
  await expect(trade).not.toContainText(/was|Save/);
  const before = await trade.innerText();
  await page.getByRole('group', { name: /^Size/ }).getByText('500 mm').click();
  await expect(page).toHaveURL(/\?sku=PL000109-2$/);
  await expect(trade).not.toHaveText(before);
  await expectNoViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-product-trade.png`, fullPage: true, animations: 'disabled' });
});

test('no price offers "£x/month": checkout offers no finance', async ({ page }) => {
  // The dearest bathroom suite, where a finance claim would be: neither its card nor its page makes one.
  await page.goto('/c/bathroom-suites?sort=3');
  const card = page.getByRole('region', { name: 'Bathroom Suites' }).getByRole('article').first();
  await expect(card).toContainText('inc. VAT');
  await expect(page.getByText(/\/month|APR/)).toHaveCount(0);
  await card.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/p\//);
  await expect(page.getByText(/ex VAT/).first()).toBeVisible();
  await expect(page.getByText(/\/month|APR|Representative example/)).toHaveCount(0);
});

test('an unknown product is a real 404', async ({ page }) => {
  const response = await page.goto('/p/no-such-product');
  expect(response?.status()).toBe(404);
});

test('picking another size puts its sku in the address and shows its price and stock', async ({ page }) => {
  await openBasin(page);
  const size = page.getByRole('group', { name: /^Size/ });
  await expect(size.getByRole('radio', { name: '400 mm' })).toBeChecked();
  const priceBefore = await page
    .getByText(/ex VAT$/)
    .first()
    .textContent();

  await size.getByText('500 mm').click();
  await expect(page).toHaveURL(/\?sku=PL000109-2$/);
  await expect(size.getByRole('radio', { name: '500 mm' })).toBeChecked();
  await expect(page.getByText(/ex VAT$/).first()).not.toHaveText(priceBefore ?? '');
  await expect(page.getByText(/^(In stock|Low stock|Made to order|Out of stock)/).first()).toBeVisible();

  // The address is shareable: the server renders the chosen size.
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: '500 mm' })).toBeChecked();
});

test('delivery options for a Highlands postcode show the surcharge and restrictions', async ({ page }) => {
  await openBasin(page);
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery).toContainText('Delivery to mainland Great Britain');

  const postcode = delivery.getByRole('textbox', { name: 'Your postcode' });
  await postcode.fill('nonsense');
  await delivery.getByRole('button', { name: 'Check' }).click();
  await expect(postcode).toHaveAccessibleDescription(/Enter a real UK postcode/);

  await postcode.fill('IV2 3AA');
  await delivery.getByRole('button', { name: 'Check' }).click();
  await expect(delivery).toContainText('Delivery to IV2 3AA (the Scottish Highlands)');
  await expect(delivery).toContainText('include the delivery surcharge for the Scottish Highlands');
  await expect(delivery).toContainText('Our couriers take only standard deliveries to the Scottish Highlands.');
});

test('essential items are listed, required first, linking to their products', async ({ page }) => {
  await openBasin(page);
  const essentials = page.getByRole('region', { name: 'Essential items' });
  const first = essentials.getByRole('listitem').first();
  await expect(first).toContainText('Required');
  await expect(first).toContainText('Why it fits');
  await expect(first.getByRole('link')).toHaveAttribute('href', /^\/p\//);
});

test('quick view opens from a listing card, loads the product and gives focus back on close', async ({ page }) => {
  await page.goto('/c/basins', { waitUntil: 'networkidle' });
  const opener = page.getByRole('button', { name: /^Quick view: / }).first();
  const label = (await opener.getAttribute('aria-label')) ?? '';
  const productName = label.replace('Quick view: ', '');
  const dialog = page.getByRole('dialog', { name: productName });
  // A click before hydration counts too: the dialog opens once the scripts run (decision 0020).
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View full details' })).toHaveAttribute('href', /^\/p\//);
  await expect(dialog.getByText(/ex VAT$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expectNoViolations(page);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

// ── adding to the basket from the product page ─────────────────────────────────────────────────

/** The header's basket button: it exists once the page has hydrated (before, it is a link). */
const basketButton = (page: Page, name: string | RegExp = /^Basket \(/) => page.getByRole('banner').getByRole('button', { name });
const basketPanel = (page: Page) => page.getByRole('dialog', { name: 'Your basket' });
const addButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Add to basket', exact: true });
const quantityBox = (page: Page) => page.getByRole('main').getByLabel('Quantity', { exact: true });

test('a quantity that is not one adds nothing and says why', async ({ page }, testInfo) => {
  await openBasin(page);
  await expect(basketButton(page, 'Basket (empty)')).toBeVisible();
  for (const typed of ['0', '9999', 'abc', '-3']) {
    await quantityBox(page).fill(typed);
    await expect(quantityBox(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(quantityBox(page)).toHaveAccessibleDescription('Error: Enter a quantity from 1 to 999');
    await addButton(page).click();
    await expect(addButton(page)).toHaveAccessibleDescription('Nothing was added. Enter a quantity from 1 to 999.');
    // The box gets focus back, to put it right.
    await expect(quantityBox(page)).toBeFocused();
    await expect(basketPanel(page)).toBeHidden();
  }
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'product-quantity-refused');
  expect(await page.evaluate(() => localStorage.getItem('plumbline.basketId'))).toBeNull();
  await expect(basketButton(page, 'Basket (empty)')).toBeVisible();

  // Put right, the same press adds what the box says.
  await quantityBox(page).fill('2');
  await expect(quantityBox(page)).not.toHaveAttribute('aria-invalid');
  await addButton(page).click();
  await expect(basketPanel(page).getByRole('status')).toContainText('Added to your basket: 2 × Tamar Trade Eden Cloakroom Basin');
  await expect(basketButton(page, 'Basket (2 items)')).toBeAttached();
});

test('a quantity typed before the page’s scripts run is the one added', async ({ page }) => {
  // Hold the scripts back until the quantity is typed.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(BASIN, { waitUntil: 'domcontentloaded' });
  await quantityBox(page).fill('3');
  release();
  await expect(basketButton(page)).toBeVisible();
  await addButton(page).click();
  await expect(basketPanel(page).getByRole('status')).toContainText('Added to your basket: 3 × Tamar Trade Eden Cloakroom Basin');
});

test('more than the stock: the shopper is told how many can be added, and can add those', async ({ page }, testInfo) => {
  await openBasin(page);
  await quantityBox(page).fill('999');
  await addButton(page).click();
  const main = page.getByRole('main');
  const refusal = main.getByText(/^Only \d+ of Tamar Trade Eden Cloakroom Basin \(400 mm\) can be added: \d+ is all that can be ordered at the moment\.$/);
  await expect(refusal).toBeVisible();
  await expect(addButton(page)).toHaveAccessibleDescription(await refusal.innerText());
  const available = Number(/^Only (\d+)/.exec(await refusal.innerText())![1]);
  await expect(basketPanel(page)).toBeHidden();
  await screenshot(page, testInfo, 'product-above-stock', false);

  await main.getByRole('button', { name: `Add ${available} to basket` }).click();
  await expect(basketPanel(page).getByRole('status')).toContainText(`Added to your basket: ${available} × Tamar Trade Eden Cloakroom Basin`);
  await basketPanel(page).getByRole('button', { name: 'Continue shopping' }).click();

  // All there is is in the basket now: another one cannot be added, and the page says so.
  await quantityBox(page).fill('1');
  await addButton(page).click();
  await expect(
    main.getByText(
      `You already have ${available} of Tamar Trade Eden Cloakroom Basin (400 mm) in your basket: ${available} is all that can be ordered at the moment.`,
    ),
  ).toBeVisible();
  await expect(main.getByRole('link', { name: 'View basket' })).toHaveAttribute('href', '/basket');
  await expectNoViolations(page);
});

test('required essential items can be added with the product, or one by one', async ({ page }, testInfo) => {
  await openBasin(page);
  const essentials = page.getByRole('region', { name: 'Essential items' });
  const required = essentials.getByRole('listitem').filter({ hasText: 'Required' });
  const requiredName = (await required.first().getByRole('heading').innerText()).trim();

  // One by one, from its card.
  await required
    .first()
    .getByRole('button', { name: `Add 1 × ${requiredName} to basket` })
    .click();
  await expect(basketPanel(page).getByRole('status')).toContainText(`Added to your basket: 1 × ${requiredName}`);
  await expectNoViolations(page);
  await basketPanel(page).getByRole('button', { name: 'Continue shopping' }).click();

  // With the product, in the quantity chosen.
  const alsoRequired = page.getByRole('main').getByRole('checkbox', { name: /^Add the required (item|\d items) too$/ });
  await expect(alsoRequired).toHaveAccessibleDescription(new RegExp(`1 × ${requiredName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(£[\\d,]+\\.\\d{2}\\)`));
  await alsoRequired.check();
  await quantityBox(page).fill('2');
  await addButton(page).click();
  const status = basketPanel(page).getByRole('status');
  await expect(status).toContainText('2 × Tamar Trade Eden Cloakroom Basin');
  await expect(status).toContainText(`2 × ${requiredName}`);
  await expect(basketButton(page, 'Basket (5 items)')).toBeAttached();
  await screenshot(page, testInfo, 'product-added-with-required', false);
});

/** Whether an element lies wholly inside the first screen of the page (no scrolling). */
async function inFirstScreen(page: Page, element: Locator) {
  const box = (await element.boundingBox())!;
  const viewport = page.viewportSize()!;
  return box.y >= 0 && box.y + box.height <= viewport.height && box.x >= 0 && box.x + box.width <= viewport.width;
}

test('the price and stock are in the first screen', { tag: '@phone' }, async ({ page }, testInfo) => {
  await openBasin(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  const main = page.getByRole('main');
  const price = main.getByText(/^(Now )?£[\d,]+\.\d{2} including VAT$/).first();
  await expect(price).toBeVisible();
  await screenshot(page, testInfo, 'product-first-screen', false);
  expect(await inFirstScreen(page, price)).toBe(true);
  expect(await inFirstScreen(page, main.getByText(/^(In stock|Low stock|Made to order|Out of stock)/).first())).toBe(true);
});

const screenshot = (page: Page, testInfo: { project: { name: string } }, name: string, fullPage = true) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${name}.png`, fullPage, animations: 'disabled' });

test('the reviews section sums up and lists the published reviews, linked from the headline', { tag: '@phone' }, async ({ page }, testInfo) => {
  // A basin with more reviews than one page holds, found through the catalogue (the demo seed decides which).
  const listing = await page.request.post('/api/catalogue/Listings/Categories', { data: { slug: 'basins', size: 48 } });
  expect(listing.ok()).toBe(true);
  const { products } = (await listing.json()) as { products: { slug: string; reviewsCount: number }[] };
  const reviewed = products.find((product) => product.reviewsCount > 10) ?? products.find((product) => product.reviewsCount > 0);
  expect(reviewed, 'a basin with reviews').toBeDefined();
  await page.goto(`/p/${reviewed!.slug}`, { waitUntil: 'networkidle' });

  const count = reviewed!.reviewsCount;
  const countText = `${count.toLocaleString('en-GB')} ${count === 1 ? 'review' : 'reviews'}`;
  const headlineLink = page.getByRole('link', { name: new RegExp(`out of 5 stars, ${countText}$`) }).first();
  await expect(headlineLink).toHaveAttribute('href', '#reviews');

  const section = page.getByRole('region', { name: 'Customer reviews' });
  await expect(section).toContainText(`Based on ${countText}`);
  const histogram = section.getByRole('list', { name: 'Ratings by stars' });
  await expect(histogram.getByRole('listitem')).toHaveCount(5);
  await expect(histogram.getByRole('meter', { name: '5 stars' })).toBeVisible();
  await expect(histogram.getByRole('meter', { name: '1 star' })).toBeVisible();
  const reviews = section.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
  await expect(reviews.first().getByRole('heading', { level: 3 })).not.toBeEmpty();

  // The headline's stars lead to the section.
  await headlineLink.click();
  await expect(page).toHaveURL(/#reviews$/);
  await expect(section.getByRole('heading', { level: 2, name: 'Customer reviews' })).toBeInViewport();

  // Paging is a plain link the server answers.
  if (count > 10) {
    // Seeded titles repeat: the whole review (name, town, date, text) tells one from another.
    const firstReview = await reviews.first().innerText();
    await section.getByRole('navigation', { name: 'Pages of reviews' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\?reviewsPage=2#reviews$/);
    await expect(section).toContainText(/Page 2 of \d+, newest first/);
    await expect(reviews.first()).not.toHaveText(firstReview);
  }

  // The first page's reviews are in the structured data too.
  await page.goto(`/p/${reviewed!.slug}#reviews`, { waitUntil: 'networkidle' });
  const product = (await page.locator('script[type="application/ld+json"]').allTextContents())
    .map((text) => JSON.parse(text))
    .find((item) => item['@type'] === 'Product');
  expect(product.aggregateRating).toMatchObject({ reviewCount: count });
  expect(product.review.length).toBeGreaterThan(0);
  expect(product.review.length).toBeLessThanOrEqual(5);
  expect(product.review[0]).toMatchObject({ '@type': 'Review', author: { name: expect.any(String) }, reviewRating: { ratingValue: expect.any(Number) } });

  await expectNoViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    await section.scrollIntoViewIfNeeded();
    // Nothing in the section runs past the screen's edge (the site header is another matter, tested elsewhere on a phone).
    const overflowing = await section.evaluate(
      (root) => [root, ...root.querySelectorAll('*')].filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth).length,
    );
    expect(overflowing).toBe(0);
    await section.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-product-reviews-${width}.png`, animations: 'disabled' });
  }
});
