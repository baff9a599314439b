import { expect as baseExpect, test, type Browser, type Page, type TestInfo } from './test.ts';
import { DEMO, expectNoViolations, signIn, storedUser } from './auth.ts';
import { CHECKOUT_TIMEOUT, main, registerAndSignIn, uniqueEmail } from './checkout-steps.ts';
import { asStaff, emailedLink, newContext } from './mailbox.ts';
import { placeTestOrder, TEST_ORDER_SKU } from './orders.ts';

/**
 * Issue 21's journey, by what people see: a customer who bought a basin is e-mailed once it is
 * delivered (the test server asks after 0 days: REVIEW_INVITATION_DAYS), follows the e-mail and
 * writes a verified review with a photo; a moderator publishes it on the moderation screen; the
 * product page shows it as a verified purchase in a summary that counts it, and the basin's card
 * in search results counts it once the listing snapshot has caught up (within about a minute).
 * Held reviews rejected with a reason, and questions answered, have journeys of their own
 * (staff-reviews.spec.ts, questions.spec.ts).
 */
test.describe.configure({ timeout: CHECKOUT_TIMEOUT + 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

/** A tiny PNG (the signature is what the API checks). */
const PHOTO = {
  name: 'fitted.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWKSLdjxH4SZGKAAAAAA//885LJUAAAABklEQVQDADqGBI07KS4AAAAAAElFTkSuQmCC', 'base64'),
};

/** Staff move the order on through the orders API, as the staff order page does. */
function deliver(browser: Browser, testInfo: TestInfo, orderNumber: string) {
  return asStaff(browser, testInfo, async (request, headers) => {
    for (const data of [{ status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' }, { status: 'delivered' }]) {
      const response = await request.post(`/api/orders/Staff/Orders/${orderNumber}/Status`, { data, headers });
      expect(response.ok(), await response.text()).toBe(true);
    }
  });
}

interface Basin {
  sku: string;
  path: string;
  name: string;
}

/**
 * A basin in stock with reviews, not the one other journeys buy and review (their reviews would
 * change its counts meanwhile): from the end of the basins listing.
 */
async function basinToBuy(page: Page): Promise<Basin> {
  const response = await page.request.post('/api/catalogue/Listings/Categories', { data: { slug: 'basins', size: 48 } });
  expect(response.ok()).toBe(true);
  const { products } = (await response.json()) as {
    products: { sku: string; slug: string; productName: string; reviewsCount: number; stockStatus: { status: string } }[];
  };
  const basin = products
    .toReversed()
    .find(
      (product) =>
        product.sku !== TEST_ORDER_SKU && product.stockStatus.status === 'in_stock' && product.reviewsCount > 0 && / basin$/i.test(product.productName),
    );
  expect(basin, 'a basin in stock with reviews').toBeDefined();
  return { sku: basin!.sku, path: `/p/${basin!.slug}`, name: basin!.productName };
}

/** "Based on 12 reviews" under the product page's summary: the count. */
async function summaryCount(page: Page, basin: Basin): Promise<number> {
  await page.goto(basin.path);
  const based = main(page)
    .getByRole('region', { name: 'Customer reviews' })
    .getByText(/^Based on [\d,]+ reviews?$/);
  return Number((await based.textContent())!.replace(/\D/g, ''));
}

/** The basin's card in search results: its stars' label ("4.5 out of 5 stars, 12 reviews"). */
async function cardLabel(page: Page, basin: Basin): Promise<string> {
  await page.goto(`/search?q=${encodeURIComponent(basin.name)}`);
  const tile = main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: basin.name }) })
    .first();
  return (await tile.getByRole('img', { name: /out of 5 stars/ }).getAttribute('aria-label'))!;
}

test('bought, e-mailed, reviewed with a photo, published: a verified review the product page and the listing card count', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'journey');
  const title = `Sound basin ${Date.now()}`;
  await registerAndSignIn(page, browser, testInfo, email, 'Jordan Journey');
  const basin = await basinToBuy(page);
  const accessToken = (await storedUser(page))!.access_token;
  const orderNumber = await placeTestOrder(page.request, { email, accessToken, firstName: 'Jordan', sku: basin.sku });
  const countBefore = await summaryCount(page, basin);
  const cardBefore = await cardLabel(page, basin);

  // Delivered: the "review your purchase" e-mail links to the form for the basin, from the order.
  await deliver(browser, testInfo, orderNumber);
  const link = await emailedLink(browser, testInfo, email, 'reviews.invitation', /https?:\/\/\S+\/review\?order=BP-\w{3}-\w{3}-\w{3}/);
  expect(link).toContain(`${basin.path}/review?order=${orderNumber}`);
  await page.goto(new URL(link).pathname + new URL(link).search);
  const form = main(page).getByRole('form', { name: 'Your review' });
  await expect(main(page).getByRole('region', { name: 'The product you are reviewing' }).getByText('Verified purchase')).toBeVisible();
  await form.getByRole('group', { name: 'Overall rating' }).getByRole('radio', { name: '5 stars: Excellent' }).check();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Your review').fill('Arrived well packed, fitted in an afternoon, and the glaze is flawless. Would buy again.');
  await form.getByLabel('Photos (optional)').setInputFiles([PHOTO]);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(main(page).getByRole('region', { name: 'Thank you for your review' })).toContainText('Your review has 1 photo.');

  // A moderator finds it in the pending queue and publishes it as written.
  const staff = await (await newContext(browser, testInfo)).newPage();
  try {
    await signIn(staff, DEMO.staff.email);
    await staff.goto('/staff/reviews');
    const search = staff.getByRole('search', { name: 'Search reviews' });
    await search.getByLabel('Words in the title or text').fill(title);
    await search.getByRole('button', { name: 'Search' }).click();
    const card = staff.getByRole('article', { name: title });
    await expect(card.getByText('Verified purchase')).toBeVisible();
    await card.getByText('Publish…', { exact: true }).click();
    await card.getByRole('form', { name: 'Publish' }).getByRole('button', { name: 'Publish review' }).click();
    await expect(card.getByRole('status')).toHaveText(/^Published/);
    await expectNoViolations(staff);
  } finally {
    await staff.context().close();
  }

  // On the product page at once: verified, with its photo, and counted in the summary.
  expect(await summaryCount(page, basin)).toBe(countBefore + 1);
  const review = main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: title }) });
  await expect(review.getByText('Verified purchase')).toBeVisible();
  await expect(review.getByRole('img', { name: 'Photo from Jordan’s review' })).toBeVisible();
  await expectNoViolations(page);

  // The card in search results, once the listing snapshot has caught up: one more review.
  const [, before] = /([\d,]+) reviews?$/.exec(cardBefore)!;
  await expect(async () => {
    expect(await cardLabel(page, basin)).toMatch(new RegExp(`${Number(before!.replace(/,/g, '')) + 1} reviews$`));
  }).toPass({ timeout: 120_000 });
});
