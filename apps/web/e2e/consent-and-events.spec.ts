import { expectNoViolations } from './axe.ts';
import { DEMO, pageReady, signIn } from './auth.ts';
import { addToBasket } from './checkout-steps.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { expect, test, type Page, type Request } from './test.ts';

/**
 * Cookie consent (docs/domain.md §10.7) and the shopping events it governs: the banner's two choices,
 * the cookie settings page, the recently viewed list only for a visitor who accepted, and events
 * sent by beacon that name this browser only with consent.
 */

// A budget for a busy CI machine (two workers on two cores), not an expected time.
test.describe.configure({ timeout: 120_000 });

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on Plumbline' });

/** The events a beacon carried to the storefront. */
const eventsOf = (request: Request) =>
  (JSON.parse(request.postData() ?? '{}') as { batch?: { event: string; anonymousId?: string; properties: Record<string, unknown> }[] }).batch ?? [];
const isEventsBeacon = (request: Request) => request.method() === 'POST' && new URL(request.url()).pathname === '/events';

/** Three basins from the listing, by the names their pages show. */
async function threeBasins(page: Page): Promise<{ path: string; name: string }[]> {
  await page.goto('/c/basins');
  const hrefs = await page
    .getByRole('main')
    .locator('a[href^="/p/"]')
    .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute('href')!))]);
  return hrefs.slice(0, 3).map((path) => ({ path, name: '' }));
}

/** Opens a product's page, notes its name and answers the events its beacon sent (a few seconds after the view). */
async function view(page: Page, product: { path: string; name: string }) {
  const beacon = page.waitForRequest((request) => isEventsBeacon(request) && eventsOf(request).some((event) => event.event === 'Product Viewed'));
  await page.goto(product.path);
  await pageReady(page);
  product.name = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  return eventsOf(await beacon);
}

test(
  'the cookie banner offers rejecting as plainly as accepting, and the choice can be changed later in cookie settings',
  { tag: '@phone' },
  async ({ page, context }, testInfo) => {
    await page.goto('/p/tamar-trade-eden-cloakroom-basin-pl000109');
    await expect(banner(page)).toBeVisible();
    const accept = banner(page).getByRole('button', { name: 'Accept optional cookies' });
    const reject = banner(page).getByRole('button', { name: 'Reject optional cookies' });
    await expect(accept).toBeVisible();
    await expect(reject).toBeVisible();
    // Equal weight: the same size, side by side or stacked alike.
    const [acceptBox, rejectBox] = [await accept.boundingBox(), await reject.boundingBox()];
    expect(Math.abs(acceptBox!.height - rejectBox!.height)).toBeLessThanOrEqual(1);
    await expectNoViolations(page);
    await banner(page).screenshot({ path: `${SCREENSHOT_DIR}/consent-banner-${testInfo.project.name}.png` });

    await reject.click();
    await expect(page).toHaveURL(/\/p\/tamar-trade-eden-cloakroom-basin-pl000109$/);
    await expect(banner(page)).toHaveCount(0);
    expect((await context.cookies()).find((cookie) => cookie.name === 'shop_consent')?.value).toBe('rejected');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie settings' })).toBeVisible();
    await expect(page.getByText('You have said no: nothing that remembers you is kept on this browser.')).toBeVisible();
    await expectNoViolations(page);
    await page.getByLabel('Yes, remember me').check();
    await page.getByRole('button', { name: 'Save cookie settings' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('You’ve set your cookie settings.');
    await expect(page.getByText('You have said yes: we remember you on this browser.')).toBeVisible();
    expect((await context.cookies()).find((cookie) => cookie.name === 'shop_consent')?.value).toBe('accepted');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/consent-settings-${testInfo.project.name}.png`, fullPage: true });
  },
);

test('the banner works as a plain form before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search?q=basin');
  await banner(page).getByRole('button', { name: 'Accept optional cookies' }).click();
  await expect(page).toHaveURL(/\/search\?q=basin$/);
  await expect(banner(page)).toHaveCount(0);
  expect((await context.cookies()).find((cookie) => cookie.name === 'shop_consent')?.value).toBe('accepted');
  await context.close();
});

test(
  'a visitor who accepts cookies sees the three products they viewed under “Recently viewed” on the basket page',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    const basins = await threeBasins(page);
    await banner(page).getByRole('button', { name: 'Accept optional cookies' }).click();
    await expect(banner(page)).toHaveCount(0);
    const events = [];
    for (const basin of basins) events.push(...(await view(page, basin)));
    // With consent, the events name this browser, one id for all.
    expect(events.filter((event) => event.event === 'Product Viewed')).toHaveLength(3);
    expect(new Set(events.map((event) => event.anonymousId)).size).toBe(1);
    expect(events[0]!.anonymousId).toMatch(/^[\w-]{8,64}$/);

    await page.goto('/basket');
    const recentlyViewed = page.getByRole('region', { name: 'Recently viewed' });
    for (const basin of basins) await expect(recentlyViewed.getByRole('link', { name: basin.name }).first()).toBeAttached();
    await recentlyViewed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/consent-basket-recently-viewed-${testInfo.project.name}.png`, fullPage: true });
  },
);

test('a visitor who rejects cookies has nothing stored and sends no event that names them', async ({ page }) => {
  const basins = await threeBasins(page);
  await banner(page).getByRole('button', { name: 'Reject optional cookies' }).click();
  await expect(banner(page)).toHaveCount(0);
  const sent: Request[] = [];
  page.on('request', (request) => isEventsBeacon(request) && sent.push(request));
  for (const basin of basins) await view(page, basin);
  await page.goto('/basket');
  await pageReady(page);
  // The basket page's own event has gone: its carousel has had its chance to ask.
  await expect.poll(() => sent.flatMap(eventsOf).some((event) => event.event === 'Cart Viewed')).toBe(true);
  const events = sent.flatMap(eventsOf);
  // Counted for the statistics, naming nobody.
  expect(events.filter((event) => event.event === 'Product Viewed')).toHaveLength(3);
  expect(events.filter((event) => 'anonymousId' in event || 'userId' in event)).toEqual([]);
  const stored = await page.evaluate(() => Object.keys(localStorage));
  expect(stored).not.toContain('plumbline.recently-viewed');
  expect(stored).not.toContain('plumbline.device-id');
  await expect(page.getByRole('region', { name: 'Recently viewed' })).toHaveCount(0);
});

test('sorting a listing and adding to the basket are sent as Segment’s events', async ({ page }) => {
  const sent: Request[] = [];
  page.on('request', (request) => isEventsBeacon(request) && sent.push(request));
  const events = (name: string) => sent.flatMap(eventsOf).filter((event) => event.event === name);
  await page.goto('/c/basins?sort=2');
  await pageReady(page);
  await expect
    .poll(() => events('Product List Filtered').map((event) => event.properties))
    .toEqual([{ category: 'Basins', filters: [], sorts: [{ type: 'sort', value: 'Price: low to high' }] }]);

  // Twice from the product page: each add is sent with the packs it added. Each batch is awaited
  // before the page is left: a beacon sent as a page goes reaches the shop but is never reported to
  // the test's browser driver.
  for (let add = 1; add <= 2; add++) {
    const added = page.waitForRequest((request) => isEventsBeacon(request) && eventsOf(request).some((event) => event.event === 'Product Added'));
    await addToBasket(page);
    await added;
  }
  expect(events('Product Added').map((event) => event.properties.quantity)).toEqual([1, 1]);
  const [first, second] = events('Product Added');
  expect(first!.properties.product_id).toMatch(/^\d+$/);
  expect(second!.properties).toEqual(first!.properties);
});

test('a search that finds nothing appears in the staff report', async ({ page }, testInfo) => {
  // Words no product has, new to every run.
  const query = `plumbus ${testInfo.project.name} ${Date.now().toString(36)}`;
  const beacon = page.waitForRequest((request) => isEventsBeacon(request) && eventsOf(request).some((event) => event.event === 'Products Searched'));
  await page.goto(`/search?q=${encodeURIComponent(query)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`No results for “${query}”`);
  const searched = eventsOf(await beacon).find((event) => event.event === 'Products Searched')!;
  expect(searched.properties).toEqual({ query, results: 0 });

  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop reports' })).toBeVisible();
  const noResults = page.getByRole('region', { name: 'Searches with no results' });
  await expect(noResults.getByText(`“${query}”`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Checkout funnel' })).toBeVisible();
  await expectNoViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/consent-staff-report-${testInfo.project.name}.png`, fullPage: true });

  // A range with nothing in it says so rather than drawing empty charts.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-07');
  await page.getByRole('button', { name: 'Show report' }).click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-07/);
  await expect(page.getByText('No orders were placed in these days.')).toBeVisible();
  await expect(noResults.getByText('Every search in these days found something.')).toBeVisible();
});

test('a product page’s carousel seen and a product pressed in it are sent for the staff reports, naming no one without consent', async ({ page }) => {
  await page.goto('/p/tamar-trade-eden-cloakroom-basin-pl000109');
  await banner(page).getByRole('button', { name: 'Reject optional cookies' }).click();
  await pageReady(page);
  const sent: Request[] = [];
  page.on('request', (request) => isEventsBeacon(request) && sent.push(request));
  const carousel = page
    .getByRole('region')
    .filter({ has: page.getByRole('heading', { level: 2 }) })
    .filter({ has: page.locator('a[href^="/p/"]') })
    .last();
  await carousel.scrollIntoViewIfNeeded();
  const seen = () => sent.flatMap(eventsOf).filter((event) => event.event === 'Product List Viewed');
  await expect.poll(() => seen().length, { timeout: 15_000 }).toBeGreaterThan(0);
  expect(seen()[0]!.properties.list_id).toMatch(/^[a-z-]+$/);
  const link = carousel.locator('a[href^="/p/"]').first();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}`));
  const pressed = () => sent.flatMap(eventsOf).filter((event) => event.event === 'Product Clicked');
  await expect.poll(() => pressed().length, { timeout: 15_000 }).toBe(1);
  expect(pressed()[0]!.properties).toMatchObject({ list_id: seen()[0]!.properties.list_id, position: 1 });
  expect(sent.flatMap(eventsOf).filter((event) => 'anonymousId' in event)).toEqual([]);
});

test(
  'a home page carousel seen and a product pressed in it are sent under its list, and staff see each carousel’s click-through per day',
  { tag: '@phone' },
  async ({ page }, testInfo) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Reject optional cookies' }).click();
    await pageReady(page);
    const sent: Request[] = [];
    page.on('request', (request) => isEventsBeacon(request) && sent.push(request));
    // The home page's "Best sellers" block: one of the shop's own carousels, named as such.
    const carousel = page.getByRole('region', { name: 'Best sellers' });
    await carousel.scrollIntoViewIfNeeded();
    const seen = () => sent.flatMap(eventsOf).filter((event) => event.event === 'Product List Viewed' && event.properties.list_id === 'best-sellers');
    await expect.poll(() => seen().length, { timeout: 15_000 }).toBe(1);
    const link = carousel.locator('a[href^="/p/"]').first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}`));
    const pressed = () => sent.flatMap(eventsOf).filter((event) => event.event === 'Product Clicked');
    await expect.poll(() => pressed().length, { timeout: 15_000 }).toBe(1);
    expect(pressed()[0]!.properties).toMatchObject({ list_id: 'best-sellers', position: 1 });
    expect(sent.flatMap(eventsOf).filter((event) => 'anonymousId' in event)).toEqual([]);

    await signIn(page, DEMO.staff.email);
    await page.goto('/staff/reports');
    const perDay = page.getByRole('region', { name: 'Carousel click-through per day', exact: true });
    await expect(perDay.getByRole('img', { name: /click-through per day/ })).toBeVisible();
    await expect(perDay.getByRole('list', { name: 'Key' }).getByText('Best sellers', { exact: true })).toBeVisible();
    await perDay.getByText('Show the figures per day as a table').click();
    const rows = perDay.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Best sellers', exact: true }) });
    await expect(rows.last()).toBeVisible();
    await expectNoViolations(page);
    await perDay.screenshot({ path: `${SCREENSHOT_DIR}/consent-carousel-days-${testInfo.project.name}.png` });
  },
);
