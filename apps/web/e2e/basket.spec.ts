import type { EssentialItems } from '@shop/contracts';
import { expect as baseExpect, test, type Page, type TestInfo } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { newContext, staffMailbox } from './mailbox.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Sign-ins hash passwords and every change is a real API call: slow on a busy machine.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

// The cloakroom basin the product spec uses too: sizes 400 mm (PL000109-1, default) and 500 mm (PL000109-2).
const BASIN = '/p/tamar-trade-eden-cloakroom-basin-pl000109';
const BASIN_NAME = 'Tamar Trade Eden Cloakroom Basin';

const screenshot = (page: Page, testInfo: TestInfo, name: string, fullPage = true) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-${name}.png`, fullPage, animations: 'disabled' });

/** The header's basket button, which exists once the page has hydrated (before, it is a link). */
const basketButton = (page: Page, name: string | RegExp = /^Basket \(/) => page.getByRole('banner').getByRole('button', { name });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Your basket' });

async function openProduct(page: Page, sku?: string) {
  await page.goto(sku ? `${BASIN}?sku=${sku}` : BASIN, { waitUntil: 'networkidle' });
  await expect(basketButton(page)).toBeVisible();
}

/** Adds the product page's chosen size in a quantity, and waits for the basket panel to confirm it. */
async function addFromProductPage(page: Page, quantity: number, sku?: string) {
  await openProduct(page, sku);
  const main = page.getByRole('main');
  await main.getByLabel('Quantity', { exact: true }).fill(String(quantity));
  await main.getByRole('button', { name: 'Add to basket', exact: true }).click();
  await expect(panel(page).getByRole('status')).toContainText(`Added to your basket: ${quantity} × ${BASIN_NAME}`);
}

/** The guest basket, read through the API as the page would. */
async function guestBasket(page: Page) {
  const basketId = await page.evaluate(() => localStorage.getItem('plumbline.basketId'));
  expect(basketId).toBeTruthy();
  const response = await page.request.get(`/api/basket/basket/${basketId}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as {
    lines: { sku: string; quantity: number; unitPriceIncVat: number }[];
    totals: { delivery: { freeFromIncVat: number; spendForFreeIncVat: number | null } };
  };
}

const lineItems = (page: Page) => page.getByRole('region', { name: /^Items/ }).getByRole('listitem');
const summary = (page: Page) => page.getByRole('complementary', { name: 'Order summary' });

test('a guest adds from the product page, changes and removes lines, and uses discount codes', { tag: '@phone' }, async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  // More than can be sold: the API's refusal shows under the button, and nothing is added.
  await openProduct(page);
  const main = page.getByRole('main');
  await main.getByLabel('Quantity', { exact: true }).fill('999');
  await main.getByRole('button', { name: 'Add to basket', exact: true }).click();
  await expect(main.getByText(/can be ordered at the moment/)).toBeVisible();
  await expect(panel(page)).toBeHidden();
  await main.getByRole('button', { name: 'Add to basket', exact: true }).scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'basket-add-refused', false);

  await addFromProductPage(page, 2);
  await expect(basketButton(page, 'Basket (2 items)')).toBeVisible();
  await expect(panel(page).getByRole('link', { name: BASIN_NAME })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'basket-panel', false);
  await panel(page).getByRole('button', { name: 'Continue shopping' }).click();
  await expect(panel(page)).toBeHidden();

  // The other size makes a second line.
  await addFromProductPage(page, 1, 'PL000109-2');
  await expect(basketButton(page, 'Basket (3 items)')).toBeVisible();
  await panel(page).getByRole('link', { name: 'View basket', exact: true }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(lineItems(page)).toHaveCount(2);

  // Quantity: + and −, and a typed quantity that is not a number.
  const second = lineItems(page).filter({ hasText: 'PL000109-2' });
  const secondQuantity = second.getByRole('textbox', { name: /^Quantity of / });
  await second.getByRole('button', { name: /^Increase quantity/ }).click();
  await expect(secondQuantity).toHaveValue('2');
  await expect(basketButton(page, 'Basket (4 items)')).toBeVisible();
  await secondQuantity.fill('abc');
  await secondQuantity.press('Enter');
  await expect(second.getByText('Enter a whole number, like 2.')).toBeVisible();
  await expect(secondQuantity).toHaveAttribute('aria-invalid', 'true');
  await secondQuantity.fill('1');
  await secondQuantity.press('Enter');
  await expect(basketButton(page, 'Basket (3 items)')).toBeVisible();
  await expect(second.getByText('Enter a whole number, like 2.')).toHaveCount(0);

  await second.getByRole('button', { name: `Remove ${BASIN_NAME}` }).click();
  await expect(lineItems(page)).toHaveCount(1);
  await expect(basketButton(page, 'Basket (2 items)')).toBeVisible();

  // TRADE5 is for trade accounts: a retail basket is refused with the API's message.
  const codeBox = summary(page).getByRole('textbox', { name: 'Discount code' });
  await codeBox.fill('TRADE5');
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  await expect(summary(page).getByText(/This code can only be used on/)).toBeVisible();
  await expect(codeBox).toHaveAttribute('aria-invalid', 'true');

  // WELCOME10 needs a £100 spend: enough basins to reach it.
  const [line] = (await guestBasket(page)).lines;
  const needed = Math.max(2, Math.ceil(10_000 / line!.unitPriceIncVat));
  const first = lineItems(page).first();
  await first.getByRole('textbox', { name: /^Quantity of / }).fill(String(needed));
  await first.getByRole('textbox', { name: /^Quantity of / }).press('Enter');
  await expect(basketButton(page, `Basket (${needed} items)`)).toBeVisible();
  await codeBox.fill('welcome10');
  await summary(page).getByRole('button', { name: 'Apply' }).click();
  await expect(summary(page).getByText('Discount (WELCOME10)')).toBeVisible();
  await expect(summary(page).getByText('VAT at 20% included')).toBeVisible();
  await expect(summary(page).getByText('Total inc VAT')).toBeVisible();
  await expectNoViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(page, testInfo, 'basket-filled');

  await summary(page).getByRole('button', { name: 'Remove code WELCOME10' }).click();
  await expect(summary(page).getByText('Discount (WELCOME10)')).toHaveCount(0);
  await expect(summary(page).getByRole('textbox', { name: 'Discount code' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a basin in the basket brings what it needs under "Complete your bathroom"; once the basket has it, the row no longer offers it', async ({
  page,
}, testInfo) => {
  const errors = collectErrors(page);
  // The basin's essential items as its product page lists them, what it needs first: the first one the shop can sell.
  const essentials = (await (await page.request.get('/api/catalogue/Products/EssentialItems?sku=PL000109-1')).json()) as EssentialItems;
  const item = essentials.items.find(({ product }) => product.stockStatus.status !== 'out_of_stock' && product.price.priceIncTax > 0)!;
  expect(item).toBeDefined();
  await addFromProductPage(page, 1);
  await page.goto('/basket');
  const complete = page.getByRole('region', { name: 'Complete your bathroom' });
  await expect(complete.getByRole('group').first()).toContainText(item.product.productName);
  await complete.scrollIntoViewIfNeeded();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'basket-complete-your-bathroom');

  // Added from its own page, it is a line, and the row offers it no more.
  await page.goto(`/p/${item.product.slug}?sku=${encodeURIComponent(item.sku)}`, { waitUntil: 'networkidle' });
  await expect(basketButton(page)).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Add to basket', exact: true }).click();
  await expect(panel(page).getByRole('status')).toContainText(`Added to your basket: 1 × ${item.product.productName}`);
  await page.goto('/basket');
  await expect(lineItems(page)).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Frequently bought together' }).or(complete).getByText(item.product.productName)).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('quick view adds to the basket and confirms it in place', async ({ page }) => {
  await page.goto('/c/basins', { waitUntil: 'networkidle' });
  await expect(basketButton(page)).toBeVisible();
  const opener = page.getByRole('button', { name: /^Quick view: / }).first();
  const productName = ((await opener.getAttribute('aria-label')) ?? '').replace('Quick view: ', '');
  await opener.click();
  const dialog = page.getByRole('dialog', { name: productName });
  await dialog.getByRole('button', { name: 'Add to basket', exact: true }).click();
  await expect(dialog.getByText(`Added 1 × ${productName} to your basket.`)).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'View basket' })).toHaveAttribute('href', '/basket');
  await expect(basketButton(page, 'Basket (1 item)')).toBeAttached();
  await expectNoViolations(page);
});

test('a saved basket is e-mailed and retrieved by its code in another browser', async ({ page, browser }, testInfo) => {
  await addFromProductPage(page, 1);
  await panel(page).getByRole('link', { name: 'View basket', exact: true }).click();
  await expect(lineItems(page)).toHaveCount(1);

  await summary(page).getByRole('button', { name: 'Save basket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save your basket' });
  const code = dialog.getByTestId('retrieval-code');
  await expect(code).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await expect(dialog.getByText(/^Valid until \d{1,2} \w+ \d{4}$/)).toBeVisible();
  const firstCode = (await code.textContent())!.trim();

  // Saving the same basket again gives the same code.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await summary(page).getByRole('button', { name: 'Save basket' }).click();
  await expect(code).toHaveText(firstCode);

  const email = dialog.getByRole('textbox', { name: 'E-mail me the code and a link' });
  await email.fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(dialog.getByText('Enter an e-mail address like name@example.com.')).toBeVisible();
  const address = `basket-${testInfo.project.name}-${Date.now()}@example.com`;
  await email.fill(address);
  await dialog.getByRole('button', { name: 'Send e-mail' }).click();
  await expect(dialog.getByText(`Sent to ${address}.`, { exact: false })).toBeVisible();
  // The e-mail carries that code too.
  await expect(code).toHaveText(firstCode);
  const retrievalCode = firstCode;
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'basket-saved', false);

  // The e-mail is in the staff mailbox with the code the dialog shows.
  const mails = await staffMailbox(browser, testInfo, address);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ template: 'basket.saved', subject: `Your saved basket: ${retrievalCode}` });

  // Another browser, as the e-mail's link opens it.
  const other = await newContext(browser, testInfo);
  const elsewhere = await other.newPage();
  const errors = collectErrors(elsewhere);
  await elsewhere.goto(`/basket/retrieve?code=${retrievalCode}`, { waitUntil: 'networkidle' });
  await expect(elsewhere.getByRole('heading', { level: 1, name: 'Retrieve a saved basket' })).toBeVisible();
  const codeBox = elsewhere.getByRole('textbox', { name: 'Retrieval code' });
  await expect(codeBox).toHaveValue(retrievalCode);
  await expect(basketButton(elsewhere, 'Basket (empty)')).toBeVisible();
  await elsewhere.getByRole('button', { name: 'Retrieve basket' }).click();
  await expect(elsewhere).toHaveURL(/\/basket$/);
  await expect(elsewhere.getByText('Saved basket retrieved', { exact: true })).toBeVisible();
  await expect(lineItems(elsewhere)).toHaveCount(1);
  await expect(lineItems(elsewhere).getByRole('link', { name: BASIN_NAME })).toBeVisible();
  await expect(basketButton(elsewhere, 'Basket (1 item)')).toBeVisible();
  expect(errors).toEqual([]);
  await other.close();
});

test('the basket and its panel say how much more to spend for free delivery, by the API’s threshold', async ({ page }, testInfo) => {
  await addFromProductPage(page, 1);
  const basket = await guestBasket(page);
  const [line] = basket.lines;
  const { freeFromIncVat, spendForFreeIncVat } = basket.totals.delivery;
  expect(spendForFreeIncVat).toBe(freeFromIncVat - line!.unitPriceIncVat);
  const spend = `£${(spendForFreeIncVat! / 100).toFixed(2)}`;
  await expect(panel(page).getByText(`Spend ${spend} more for free delivery`)).toBeVisible();
  await expect(panel(page).getByText(/is free to most of mainland Great Britain on orders from £499 after discounts\./)).toBeVisible();
  await screenshot(page, testInfo, 'basket-panel-free-delivery', false);
  await panel(page).getByRole('link', { name: 'View basket', exact: true }).click();

  const order = summary(page);
  await expect(order.getByText(`Spend ${spend} more for free delivery`)).toBeVisible();
  await expect(
    order.getByText('Deliveries to the Scottish Highlands, the Isle of Wight, the Scottish islands, Northern Ireland and the Isles of Scilly pay a surcharge.'),
  ).toBeVisible();
  await expect(order.getByRole('link', { name: 'Delivery information' })).toHaveAttribute('href', /^\/help\/delivery/);
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'basket-free-delivery');

  // Enough basins to reach it: delivery is free, and the basket says so.
  const needed = Math.ceil(freeFromIncVat / line!.unitPriceIncVat);
  const quantity = lineItems(page)
    .first()
    .getByRole('textbox', { name: /^Quantity of / });
  await quantity.fill(String(needed));
  await quantity.press('Enter');
  await expect(order.getByText('Your order qualifies for free delivery to most of mainland Great Britain.')).toBeVisible();
  await expect(order.getByText(/^Delivery \(estimate\): /).locator('..')).toContainText('Free');
});

test('a message never covers the basket’s Checkout button', { tag: '@phone' }, async ({ page }, testInfo) => {
  await addFromProductPage(page, 1);
  await panel(page).getByRole('button', { name: 'Continue shopping' }).click();
  await addFromProductPage(page, 1, 'PL000109-2');
  await panel(page).getByRole('link', { name: 'View basket', exact: true }).click();
  await expect(lineItems(page)).toHaveCount(2);
  const checkout = summary(page).getByRole('link', { name: 'Checkout' });

  // The Checkout button as low on the screen as it can be, then a message (saving a line for later).
  await checkout.evaluate((element) => {
    const box = element.getBoundingClientRect();
    window.scrollBy(0, box.bottom - window.innerHeight + 8);
  });
  const saveForLater = lineItems(page)
    .first()
    .getByRole('button', { name: /^Save for later/ });
  // Pressed from the keyboard without scrolling, as the page stands.
  await saveForLater.evaluate((element: HTMLElement) => element.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  const toast = page.getByRole('status').filter({ hasText: 'moved to your wishlist.' });
  await expect(toast).toBeVisible();
  const [toastBox, checkoutBox] = await Promise.all([toast.getByText('moved to your wishlist.').locator('..').boundingBox(), checkout.boundingBox()]);
  await screenshot(page, testInfo, 'basket-toast', false);
  expect(toastBox && checkoutBox).toBeTruthy();
  const overlaps =
    toastBox!.x < checkoutBox!.x + checkoutBox!.width &&
    checkoutBox!.x < toastBox!.x + toastBox!.width &&
    toastBox!.y < checkoutBox!.y + checkoutBox!.height &&
    checkoutBox!.y < toastBox!.y + toastBox!.height;
  expect(overlaps).toBe(false);
  // And it is on the screen, where it can be read.
  expect(toastBox!.y).toBeGreaterThanOrEqual(0);
  expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
});

test('the retrieve page explains a code it does not know', async ({ page }, testInfo) => {
  await page.goto('/basket/retrieve', { waitUntil: 'networkidle' });
  await expect(basketButton(page)).toBeVisible();
  await page.getByRole('button', { name: 'Retrieve basket' }).click();
  await expect(page.getByText('Enter the code from your saved basket, like ABCD-2345.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Retrieval code' }).fill('ZZZZ-ZZZZ');
  await page.getByRole('button', { name: 'Retrieve basket' }).click();
  await expect(page.getByText(/can’t find a saved basket with that code/)).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'basket-retrieve');
});

test('an empty basket says so and offers a way on', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await page.goto('/basket', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Retrieve a saved basket' })).toBeVisible();
  await expect(basketButton(page, 'Basket (empty)')).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'basket-empty');
  expect(errors).toEqual([]);
});

test('signing in merges the guest basket into the shopper’s, with a notice', async ({ page }, testInfo) => {
  await addFromProductPage(page, 1);
  await panel(page).getByRole('button', { name: 'Continue shopping' }).click();

  // The staff account shops too, and no other test touches its basket (the checkout tests place
  // orders as the shopper and the trade customer, which empties their baskets).
  await signIn(page, DEMO.staff.email);
  // The guest id is forgotten: the basket is the shopper's now.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('plumbline.basketId'))).toBeNull();
  // (A toast says so too, for six seconds: too short to assert on a loaded machine; the notice below stays.)

  // In-page navigation keeps the notice for the basket page.
  await basketButton(page).click();
  await panel(page).getByRole('link', { name: 'View basket', exact: true }).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByText('Baskets combined', { exact: true })).toBeVisible();
  await expect(page.getByText(/before signing in/).first()).toBeVisible();
  await expect(lineItems(page).getByRole('link', { name: BASIN_NAME })).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, testInfo, 'basket-merged');

  await page.getByRole('button', { name: 'Dismiss: Baskets combined' }).click();
  await expect(page.getByText('Baskets combined', { exact: true })).toHaveCount(0);
});

test('the basket’s Checkout button opens checkout with its slim header from the first frame it is shown', async ({ page }) => {
  await addFromProductPage(page, 1);
  await panel(page).getByRole('link', { name: 'View basket', exact: true }).click();
  await expect(lineItems(page)).toHaveCount(1);

  // The slim frame's code is held back until the checkout's own data has arrived, as on a slow connection.
  let dataArrived: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (dataArrived = resolve));
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/checkout.data')) dataArrived();
  });
  await page.route(/\/assets\/checkout-frame-[\w-]+\.js$/, async (route) => {
    await arrived;
    await route.continue();
  });
  // Whether the header was there when the checkout's first step was first put on the page.
  await page.evaluate(() => {
    const record = window as unknown as { headerWithFirstStep?: boolean };
    new MutationObserver((_, observer) => {
      if (!document.querySelector('#main')?.textContent?.includes('Your details')) return;
      record.headerWithFirstStep = [...document.querySelectorAll('header')].some((header) => header.textContent?.includes('Secure checkout'));
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });

  await summary(page).getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Your details' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Secure checkout');
  expect(await page.evaluate(() => (window as unknown as { headerWithFirstStep?: boolean }).headerWithFirstStep)).toBe(true);
});
