import { expectNoViolations } from './axe.ts';
import { expect, test, type Locator, type Page, type TestInfo } from './test.ts';
import { DEMO, signIn } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Listing pages (issue 4 §5) on the deterministic demo catalogue: basins have 45 products, with
// width, finish (one glaze each) and material facets; vanity units come in finishes (the drawer test).

const screenshot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${name}.png`, fullPage: true });

/** The count an option's label shows, "600 mm (7)" → 7. */
async function optionCount(option: Locator): Promise<number> {
  const name = (await option.getAttribute('aria-label')) ?? (await option.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? ''));
  const match = /\(([\d,]+)\)\s*$/.exec(name);
  if (!match?.[1]) throw new Error(`No count in option label "${name}"`);
  return Number(match[1].replace(/,/g, ''));
}

/** A facet's options, unfolding its disclosure first when it starts folded. */
async function facetGroup(panel: Locator, name: string): Promise<Locator> {
  const summary = panel.locator('summary').filter({ hasText: new RegExp(`^${name}`) });
  if ((await summary.count()) > 0 && !(await summary.evaluate((element) => (element.parentElement as HTMLDetailsElement).open))) {
    await summary.click();
  }
  return panel.getByRole('group', { name, exact: true });
}

/** The no-JavaScript "Apply" buttons go once the page is hydrated: from then on changes apply at once. */
const hydrated = (page: Page) => expect(page.getByRole('button', { name: /^Apply/ })).toHaveCount(0);

const resultsStatus = (page: Page) => page.locator('main').getByRole('status');

async function expectTotal(page: Page, total: number) {
  await expect(resultsStatus(page)).toHaveText(new RegExp(`^Showing 1–${Math.min(total, 24)} of ${total} products?$`));
}

test.describe('server rendering', () => {
  test('a filtered category is a complete, cacheable page', async ({ request, baseURL }) => {
    const response = await request.get('/c/basins?width_mm=600-mm&sort=4');
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toBe('public, max-age=60');
    const html = await response.text();
    expect(html).toMatch(/Showing 1–\d+ of \d+ products/);
    expect(html).toMatch(/<input(?=[^>]*type="checkbox")(?=[^>]*name="width_mm")(?=[^>]*value="600-mm")(?=[^>]*checked)[^>]*>/);
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain(`"item":"${baseURL}/c/basins"`);
  });

  test('search results are kept out of search engines; unknown offers are 404', async ({ request }) => {
    const html = await (await request.get('/search?q=basin')).text();
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect((await request.get('/offers/no-such-offer')).status()).toBe(404);
    expect((await request.get('/offers/new-in')).status()).toBe(200);
  });

  test('a page past the end goes to the last page', async ({ request }) => {
    const response = await request.get('/c/basins?page=99', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()['location']).toBe('/c/basins?page=2');
  });
});

test('a shopper filters basins by width and finish, and the address keeps the filters', async ({ page }, testInfo) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('navigation', { name: 'Categories' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Basins', exact: true }).first().click();
  await expect(page).toHaveURL('/c/basins');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Basins');
  await expectTotal(page, 45);
  await hydrated(page);

  const filters = page.getByRole('complementary', { name: 'Filters' });
  const width = (await facetGroup(filters, 'Width')).getByRole('checkbox', { name: /^600 mm/ });
  const widthCount = await optionCount(width);
  await width.check();
  await expect(page).toHaveURL('/c/basins?width_mm=600-mm');
  // An option's count is what the listing shows once it is chosen.
  await expectTotal(page, widthCount);

  const finish = (await facetGroup(filters, 'Finish')).getByRole('checkbox', { disabled: false }).first();
  const finishCount = await optionCount(finish);
  expect(finishCount).toBeLessThanOrEqual(widthCount);
  await finish.check();
  await expect(page).toHaveURL(/\/c\/basins\?width_mm=600-mm&finish=[\w-]+$/);
  await expectTotal(page, finishCount);
  await expect(page.getByRole('link', { name: /^Width: 600 mm/ })).toBeVisible();

  await page.reload({ waitUntil: 'networkidle' });
  await hydrated(page);
  // Facets with a selection start unfolded.
  await expect(filters.getByRole('group', { name: 'Width' }).getByRole('checkbox', { name: /^600 mm/ })).toBeChecked();
  await expectTotal(page, finishCount);
  await screenshot(page, testInfo, 'listing-filtered');

  // Removing a chip drops only that filter.
  await page.getByRole('link', { name: /^Width: 600 mm/ }).click();
  await expect(page).toHaveURL(/\/c\/basins\?finish=[\w-]+$/);
  await filters.getByRole('link', { name: 'Clear all' }).click();
  await expect(page).toHaveURL('/c/basins');
  await expectTotal(page, 45);
});

test('sorting by largest discount puts the biggest savings first, and page 2 follows', async ({ page }) => {
  await page.goto('/c/basins', { waitUntil: 'networkidle' });
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Largest discount' });
  await expect(page).toHaveURL('/c/basins?sort=4');
  const tiles = page.getByRole('region', { name: 'Basins' }).getByRole('article');
  const discounts = () => tiles.evaluateAll((articles) => articles.map((article) => Number(/Save (\d+)%/.exec(article.textContent ?? '')?.[1] ?? 0)));
  // The address changes as the new page renders, so wait for the tiles themselves.
  await expect
    .poll(async () => {
      const values = await discounts();
      return values.length === 24 && (values[0] ?? 0) > 0 && values.every((value, index) => index === 0 || (values[index - 1] ?? 0) >= value);
    })
    .toBe(true);

  await page.getByRole('navigation', { name: 'Basins pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL('/c/basins?sort=4&page=2');
  await expect(resultsStatus(page)).toHaveText('Showing 25–45 of 45 products');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('4');
});

test('on a phone the filters open in a drawer that shows the new count', { tag: '@phone-only' }, async ({ page }, testInfo) => {
  await page.goto('/c/vanity-units', { waitUntil: 'networkidle' });
  await hydrated(page);
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
  await page.getByRole('button', { name: 'Filter' }).click();
  const drawer = page.getByRole('dialog', { name: 'Filter' });
  await expect(drawer).toBeVisible();

  const finish = (await facetGroup(drawer, 'Finish')).getByRole('checkbox').first();
  const count = await optionCount(finish);
  await finish.check();
  await expect(page).toHaveURL(/\/c\/vanity-units\?finish=[\w-]+$/);
  const show = drawer.getByRole('button', { name: `Show ${count} products` });
  await expect(show).toBeEnabled();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'listing-drawer');

  await show.click();
  await expect(drawer).toBeHidden();
  await expectTotal(page, count);
  await expect(page.getByRole('button', { name: /^Filter/ })).toContainText('1');
});

test('search tolerates a typo: "basn" finds basins', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  const search = page.getByRole('search', { name: 'Search products and categories' });
  // A searchbox until the page hydrates, a combobox after: found by its label either way.
  const box = search.getByLabel('Search products and categories');
  await box.fill('basn');
  await box.press('Enter');
  await expect(page).toHaveURL('/search?q=basn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “basn”');
  const first = page.getByRole('region', { name: 'Search results' }).getByRole('article').first();
  await expect(first.getByRole('heading')).toContainText('Basin');
});

test('an unknown filter in the address is explained, not a crash', async ({ page }) => {
  const response = await page.goto('/c/basins?colour=purple', { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole('alert')).toContainText('We couldn’t apply those filters');
  await expectTotal(page, 45);
  await page.getByRole('alert').getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL('/c/basins');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('filters with nothing to show offer a way back', async ({ page }) => {
  await page.goto('/search?q=xyzzy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No results for “xyzzy”');
  await expect(page.getByRole('navigation', { name: 'Try searching for' }).getByRole('link', { name: 'Basin' })).toBeVisible();
});

test('the next-day delivery filter keeps to parcels on the shelf, and works from the address', async ({ page }, testInfo) => {
  await page.goto('/c/taps', { waitUntil: 'networkidle' });
  await hydrated(page);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  const nextDay = filters.getByRole('checkbox', { name: /^Next-day delivery/ });
  const count = await optionCount(nextDay);
  await nextDay.check();
  await expect(page).toHaveURL('/c/taps?next_day_eligible=yes');
  await expectTotal(page, count);
  const stock = await page
    .getByRole('region', { name: 'Taps' })
    .getByRole('article')
    .evaluateAll((articles) => articles.map((article) => /In stock|Low stock|Made to order|Out of stock/.exec(article.textContent ?? '')?.[0]));
  expect(stock.length).toBe(Math.min(count, 24));
  expect(stock.every((status) => status === 'In stock' || status === 'Low stock')).toBe(true);
  await expect(page.getByRole('link', { name: /^Next-day delivery/ })).toBeVisible();
  await screenshot(page, testInfo, 'listing-next-day');

  // Large items never go next day: the filter from a link still shows, ticked, and unticks.
  await page.goto('/c/basins?next_day_eligible=yes', { waitUntil: 'networkidle' });
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'No products match these filters' })).toBeVisible();
  const chosen = page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox', { name: 'Next-day delivery (0)' });
  await expect(chosen).toBeChecked();
  // A click, not uncheck(): the navigation it starts can replace the box before uncheck() looks at
  // it again, and with nothing to choose the unticked toggle is not listed at all.
  await chosen.click();
  await expect(page).toHaveURL('/c/basins');
  await expectTotal(page, 45);
  await expect(page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox', { name: /^Next-day delivery/ })).toHaveCount(0);
});

test('a trade customer sees their trade prices on listing cards and in quick view; a guest sees none', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const tiles = page.getByRole('region', { name: 'Taps' }).getByRole('article');
  await page.goto('/c/taps', { waitUntil: 'networkidle' });
  await expect(tiles.first()).toBeVisible();
  await expect(page.getByText('Your trade price', { exact: true })).toHaveCount(0);

  await signIn(page, DEMO.trade.email);
  await page.goto('/c/taps', { waitUntil: 'networkidle' });
  await expect(tiles.first().getByText('Your trade price', { exact: true })).toBeVisible();
  await expect(tiles.filter({ has: page.getByText('Your trade price', { exact: true }) })).toHaveCount(24);
  // The customer's own price, ex VAT first with inc VAT beside, and the retail price for reference.
  const tradeBlock = await tiles.first().getByText('Your trade price', { exact: true }).locator('..').innerText();
  const [tradeExVat, tradeIncVat, retailExVat] = tradeBlock.match(/£[\d,]+\.\d{2}/g)!.map((amount) => Number(amount.replace(/[£,]/g, '')));
  expect(tradeBlock).toMatch(/ex VAT[\s\S]*inc VAT[\s\S]*Retail price £[\d,.]+ ex VAT/);
  expect(tradeExVat).toBeLessThan(retailExVat!);
  expect(tradeExVat).toBeCloseTo(tradeIncVat! / 1.2, 1);
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'listing-trade');

  const opener = tiles.first().getByRole('button', { name: /^Quick view: / });
  const dialog = page.getByRole('dialog', { name: (await opener.getAttribute('aria-label'))!.replace('Quick view: ', '') });
  await opener.click();
  await expect(dialog.getByText('Your trade price', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/inc VAT$/)).toBeVisible();
  await expectNoViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters are a form with an Apply button', async ({ page }) => {
    await page.goto('/c/basins');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await (await facetGroup(filters, 'Width')).getByRole('checkbox', { name: /^600 mm/ }).check();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL('/c/basins?width_mm=600-mm');
    await expect(page.getByRole('link', { name: /^Width: 600 mm/ })).toBeVisible();
  });
});

for (const { name, path } of [
  { name: 'category-listing', path: '/c/basins' },
  { name: 'category-filtered', path: '/c/basins?width_mm=600-mm&sort=4' },
  { name: 'subcategory-listing', path: '/c/basins/pedestal-basins' },
  { name: 'search-listing', path: '/search?q=basn' },
  { name: 'offers-new-in', path: '/offers/new-in' },
  { name: 'offers-sale', path: '/offers/bathroom-sale?page=2' },
]) {
  test(`${name} has no accessibility violations`, { tag: '@phone' }, async ({ page }, testInfo) => {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expectNoViolations(page);
    await screenshot(page, testInfo, name);
  });
}
