import { test, type Page, type Request, type TestInfo } from './test.ts';
import { DEMO, fillProviderSignIn, header, pageReady, signIn } from './auth.ts';
import {
  addBasin,
  BASIN,
  BASIN_NAME,
  CHECKOUT_TIMEOUT,
  expect,
  fillAddress,
  fillContact,
  main,
  openCheckout,
  scan,
  screenshot,
  section,
  uniqueEmail,
} from './checkout-steps.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { holdScripts, slowBeforeScripts, slowCpu } from './slow-start.ts';

/**
 * Pages paint before their scripts run (docs/decisions/0014); on a slow phone a shopper types and
 * presses before then. These tests slow the CPU six times, as a mid-range phone, and hold the page's
 * scripts back until the shopper has acted, so what they do certainly happens before hydration; then,
 * at full speed, they check it took effect.
 */

test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

/** Step 2's choice, and the branch its details name. */
const COLLECT_FROM = 'Click & collect from the trade counter';
const BRANCH = 'Plumbline Leeds trade counter';

const searchForm = (page: Page) => page.getByRole('search', { name: 'Search products and categories' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });

test('what is typed into the header search before the scripts run is suggested for once they do', async ({ page }) => {
  const release = await slowBeforeScripts(page);
  await page.goto('/help', { waitUntil: 'commit' });
  // Before the scripts: a plain search box.
  const box = searchForm(page).getByRole('searchbox');
  await box.pressSequentially('basin');
  await expect(box).toHaveValue('basin');

  await release();
  const combobox = searchForm(page).getByRole('combobox', { name: 'Search products and categories' });
  await expect(combobox).toHaveValue('basin');
  await expect(suggestions(page)).toBeVisible();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await expect(suggestions(page).getByRole('group', { name: 'Products' }).getByRole('option').first()).toContainText(/basin/i);
  await expect(suggestions(page).getByRole('option').last()).toHaveText('See all results for “basin”');
});

test('typing into the header search while the page is still waking up gets suggestions', async ({ page }) => {
  await slowCpu(page);
  await page.goto('/help', { waitUntil: 'commit' });
  // Straight after the first paint, whatever state the scripts are in.
  await searchForm(page).getByLabel('Search products and categories').pressSequentially('shower');
  await expect(suggestions(page)).toBeVisible();
  await expect(suggestions(page).getByRole('option').last()).toHaveText('See all results for “shower”');
});

test('"Sign in" pressed before the scripts run signs in and comes back to the page', async ({ page }, testInfo) => {
  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto('/help', { waitUntil: 'commit' });
  // The server knows nobody signed in here: it is "Sign in" from the first paint, not "Account".
  await header.signIn(page).click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?returnTo=%2Fhelp$/);
  await expect(page.getByRole('heading', { name: 'Taking you to sign in…' })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-sign-in-starting.png`, animations: 'disabled' });

  release();
  // What is tested is the early press; the identity provider's pages need not be slow too.
  await fullSpeed();
  await fillProviderSignIn(page, DEMO.shopper.email);
  await expect(page).toHaveURL('/help');
  await expect(header.accountMenu(page, DEMO.shopper.name)).toBeVisible();
});

test('a carousel\'s "Next slides" pressed before the scripts run moves it once they do', { tag: '@phone' }, async ({ page }) => {
  const release = await slowBeforeScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const carousel = page.getByRole('region', { name: 'Planning tips' });
  const previous = carousel.getByRole('button', { name: 'Previous slides' });
  await expect(previous).toBeDisabled();
  // Twice, before any script: both presses count.
  await carousel.getByRole('button', { name: 'Next slides' }).click();
  await carousel.getByRole('button', { name: 'Next slides' }).click();
  const track = carousel.locator('[aria-live="polite"]');
  await expect(track).toHaveJSProperty('scrollLeft', 0);

  await release();
  await expect(previous).toBeEnabled();
  const [scrolled, pageWidth, end] = await track.evaluate((element) => [element.scrollLeft, element.clientWidth, element.scrollWidth - element.clientWidth]);
  // Well past one page (the slides snap into place), or at the end if that is nearer.
  expect(scrolled).toBeGreaterThanOrEqual(Math.min(1.5 * pageWidth, end) - 4);
  // From then on the carousel's own handler answers, once per press.
  await previous.click();
  await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeLessThan(scrolled);
});

/** Calls to the basket API under way in the page, for waiting until there are none. */
function basketCalls(page: Page): Set<Request> {
  const underWay = new Set<Request>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/basket/')) underWay.add(request);
  });
  page.on('requestfinished', (request) => underWay.delete(request));
  page.on('requestfailed', (request) => underWay.delete(request));
  return underWay;
}

test('"Add to basket" pressed before the scripts run adds the quantity typed then, once, as a plain form', { tag: '@phone' }, async ({ page }) => {
  const underWay = basketCalls(page);
  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto(BASIN, { waitUntil: 'commit' });
  const quantity = main(page).getByLabel('Quantity', { exact: true });
  await quantity.fill('2');
  await main(page).getByRole('button', { name: 'Add to basket', exact: true }).click();
  // The page's action added it and came back saying so, before any script ran.
  await expect(page).toHaveURL(/[?&]added=PL000109-1&quantity=2#/);
  await expect(main(page).getByText(`Added 2 × ${BASIN_NAME} to your basket.`)).toBeVisible();

  release();
  // A product page hydrating and reading the basket six times slower takes longer than a test should.
  await fullSpeed();
  // Once the scripts run, the header counts the basket the action started (its cookie), and nothing more was added.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Basket (2 items)' })).toBeVisible();
  await expect.poll(() => underWay.size).toBe(0);
  const basketId = await page.evaluate(() => localStorage.getItem('plumbline.basketId'));
  const response = await page.request.get(`/api/basket/basket/${basketId}`);
  expect(response.ok()).toBe(true);
  const { lines } = (await response.json()) as { lines: { sku: string; quantity: number }[] };
  expect(lines.map(({ sku, quantity: count }) => ({ sku, quantity: count }))).toEqual([{ sku: 'PL000109-1', quantity: 2 }]);
});

test('the phone "Menu" pressed before the scripts run opens once they do', { tag: '@phone-only' }, async ({ page }) => {
  const release = await slowBeforeScripts(page);
  await page.goto('/help', { waitUntil: 'commit' });
  const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  await menuButton.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  await release();
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('navigation', { name: 'Shop by category' }).getByText('Toilets', { exact: true })).toBeVisible();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  // From then on the menu's own handlers answer.
  await menu.getByRole('button', { name: 'Close' }).click();
  await expect(menu).toBeHidden();
  await menuButton.click();
  await expect(menu).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a discount code is applied and removed on the basket page as plain forms, a wrong one refused in the form', async ({ page }) => {
    await page.goto(BASIN);
    await main(page).getByRole('button', { name: 'Add to basket', exact: true }).click();
    await expect(main(page).getByText(`Added 1 × ${BASIN_NAME} to your basket.`)).toBeVisible();
    await page.goto('/basket');
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const code = summary.getByRole('textbox', { name: 'Discount code' });
    await code.fill('NOSUCHCODE');
    await summary.getByRole('button', { name: 'Apply' }).click();
    // The API's words, beside the code as typed.
    await expect(summary.getByText('We don\'t recognise the code "NOSUCHCODE". Check it and try again.')).toBeVisible();
    await expect(code).toHaveValue('NOSUCHCODE');
    await code.fill('FREEDELIVERY');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await expect(summary.getByText('FREEDELIVERY applied')).toBeVisible();
    await expect(summary.getByText('Discount (FREEDELIVERY)')).toBeVisible();
    await summary.getByRole('button', { name: 'Remove code FREEDELIVERY' }).click();
    await expect(summary.getByRole('textbox', { name: 'Discount code' })).toBeVisible();
    await expect(summary.getByText('Discount (FREEDELIVERY)')).toHaveCount(0);
  });

  test('a basket line’s quantity and "Remove" are plain forms: the basket comes back changed, a quantity that is not one refused at the line', async ({
    page,
  }) => {
    await page.goto(BASIN);
    await main(page).getByRole('button', { name: 'Add to basket', exact: true }).click();
    await expect(main(page).getByText(`Added 1 × ${BASIN_NAME} to your basket.`)).toBeVisible();
    await page.goto('/basket');
    const items = page.getByRole('region', { name: /^Items/ });
    const quantity = items.getByRole('textbox', { name: `Quantity of ${BASIN_NAME}` });
    await expect(quantity).toHaveValue('1');
    await items.getByRole('button', { name: /^Increase quantity of/ }).click();
    await expect(quantity).toHaveValue('2');
    await quantity.fill('5');
    await quantity.press('Enter');
    await expect(quantity).toHaveValue('5');
    await expect(items.getByRole('heading', { level: 2 })).toContainText('5 items');
    await items.getByRole('button', { name: /^Decrease quantity of/ }).click();
    await expect(quantity).toHaveValue('4');

    await quantity.fill('0');
    await quantity.press('Enter');
    await expect(items.getByRole('alert')).toHaveText('Enter 1 or more, or remove the item.');
    await expect(quantity).toHaveValue('4');

    await items.getByRole('button', { name: `Remove ${BASIN_NAME}` }).click();
    await expect(page.getByRole('heading', { name: 'Your basket is empty' })).toBeVisible();
  });

  test('"Save basket" is a plain form: the basket page comes back with the code to retrieve it by', async ({ page }) => {
    await page.goto(BASIN);
    await main(page).getByRole('button', { name: 'Add to basket', exact: true }).click();
    await expect(main(page).getByText(`Added 1 × ${BASIN_NAME} to your basket.`)).toBeVisible();
    await page.goto('/basket');
    await page.getByRole('button', { name: 'Save basket' }).click();
    const saved = page.getByRole('region', { name: 'Your basket is saved' });
    await expect(saved.getByTestId('retrieval-code')).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expect(saved).toContainText(/Valid until \d/);
    await expect(saved.getByRole('link', { name: 'Retrieve a saved basket' })).toHaveAttribute('href', '/basket/retrieve');
  });

  test('the delivery postcode check is a plain form: the page comes back with the options for it', async ({ page }) => {
    await page.goto(`${BASIN}?sku=PL000109-2`);
    const delivery = page.getByRole('region', { name: 'Delivery' });
    await expect(delivery).toContainText('Delivery to mainland Great Britain');
    const postcode = delivery.getByRole('textbox', { name: 'Your postcode' });

    await postcode.fill('nonsense');
    await delivery.getByRole('button', { name: 'Check' }).click();
    await expect(page).toHaveURL(/\?sku=PL000109-2&postcode=nonsense$/);
    await expect(postcode).toHaveValue('nonsense');
    await expect(postcode).toHaveAccessibleDescription(/Enter a real UK postcode/);
    await expect(delivery).toContainText('Delivery to mainland Great Britain');

    await postcode.fill('iv2 3aa');
    await delivery.getByRole('button', { name: 'Check' }).click();
    await expect(page).toHaveURL(/\?sku=PL000109-2&postcode=iv2\+3aa$/);
    await expect(postcode).toHaveValue('iv2 3aa');
    await expect(postcode).not.toHaveAttribute('aria-invalid');
    await expect(delivery).toContainText('Delivery to IV2 3AA (the Scottish Highlands)');
    await expect(delivery).toContainText('include the delivery surcharge for the Scottish Highlands');
    // The size chosen before stays chosen.
    await expect(page.getByRole('group', { name: /^Size/ }).getByRole('radio', { name: '500 mm' })).toBeChecked();
  });
});

/** A guest with a basin opens the checkout and types step 1 before its scripts run; returns what lets them run. */
async function detailsBeforeScripts(page: Page, email: string, firstName: string, lastName: string) {
  await addBasin(page);
  const release = await slowBeforeScripts(page);
  await page.goto('/checkout', { waitUntil: 'commit' });
  // The server drew the guest's checkout: step 1 is a form before any script runs.
  const details = section(page, 'Your details');
  await details.getByLabel('E-mail address').fill(email);
  await details.getByLabel('First name').fill(firstName);
  await details.getByLabel('Last name').fill(lastName);
  await details.getByLabel('Phone number').fill('07700 900123');
  return release;
}

test('checkout details typed before the scripts run survive them, and "Continue" saves them', async ({ page }) => {
  const release = await detailsBeforeScripts(page, 'early@plumbline.test', 'Early', 'Bird');
  const details = section(page, 'Your details');
  await release();
  // The scripts take over (checkout's slim header marks it): nothing typed is lost.
  await pageReady(page);
  await expect(details.getByLabel('E-mail address')).toHaveValue('early@plumbline.test');
  await expect(details.getByLabel('Last name')).toHaveValue('Bird');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();

  await expect(section(page, 'Delivery address').getByLabel('Address line 1')).toBeVisible();
  const done = section(page, 'Your details');
  await expect(done).toContainText('Early Bird');
  await expect(done).toContainText('early@plumbline.test');
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(BASIN_NAME);
});

test('"Continue" pressed before the scripts run saves the step as a plain form', async ({ page }) => {
  const release = await detailsBeforeScripts(page, 'plain@plumbline.test', 'Plain', 'Form');
  await section(page, 'Your details').getByRole('button', { name: 'Continue to delivery address' }).click();

  // The page's action saved it: the next page, still without scripts, has the address step open.
  await expect(section(page, 'Delivery address').getByLabel('Address line 1')).toBeVisible();
  await expect(section(page, 'Your details')).toContainText('plain@plumbline.test');
  await release();
  await expect(main(page).getByRole('region', { name: /^Step 1: Your details \(done\)$/ })).toBeVisible();
});

/**
 * A guest with a basin whose checkout has its details (and, with `address`, its delivery address)
 * saved with the scripts, then opens it again with a slow CPU and the scripts held back.
 */
async function checkoutBeforeScripts(page: Page, testInfo: TestInfo, label: string, { address }: { address: boolean }) {
  await addBasin(page);
  await openCheckout(page);
  await fillContact(page, uniqueEmail(testInfo, label));
  if (address) await fillAddress(page);
  await expect(
    section(page, address ? 'Delivery' : 'Delivery address')
      .getByRole('radio', { checked: true })
      .first(),
  ).toBeVisible();
  const release = await slowBeforeScripts(page);
  await page.goto('/checkout', { waitUntil: 'commit' });
  return release;
}

/** The scripts have taken over. */
const hydrated = (page: Page) => pageReady(page);

test('click & collect chosen before the scripts run survives them, and "Continue" saves it', async ({ page }, testInfo) => {
  const release = await checkoutBeforeScripts(page, testInfo, 'early-collect', { address: false });
  const step = section(page, 'Delivery address');
  await step.getByRole('radio', { name: COLLECT_FROM }).check();
  // The stylesheet alone swaps the address for the branch's details and words the button.
  await expect(step.getByLabel('Address line 1')).toBeHidden();
  await expect(step.getByRole('definition').filter({ hasText: BRANCH })).toBeVisible();
  await expect(step.getByRole('button', { name: 'Continue to billing' })).toBeVisible();

  await release();
  await hydrated(page);
  await expect(step.getByRole('radio', { name: COLLECT_FROM })).toBeChecked();
  await expect(step.getByLabel('Address line 1')).toBeHidden();
  await step.getByRole('button', { name: 'Continue to billing' }).click();
  await expect(section(page, 'Collection')).toContainText(`Click & collect from the ${BRANCH}`);
  await expect(section(page, 'Billing').getByLabel('Address line 1')).toBeVisible();
});

test('"Find address" at checkout works before the scripts run, as plain forms, and the step then saves the address found', async ({ page }, testInfo) => {
  const release = await checkoutBeforeScripts(page, testInfo, 'early-find', { address: false });
  const step = section(page, 'Delivery address');
  await step.getByLabel('Find your address').fill('ls14ap');
  await step.getByRole('button', { name: 'Find address' }).click();
  await step.getByLabel(/^Choose your address \(\d+ found at LS1 4AP\)$/).selectOption({ index: 1 });
  await step.getByRole('button', { name: 'Use this address' }).click();
  await expect(step.getByLabel('Postcode', { exact: true })).toHaveValue('LS1 4AP');
  const line1 = await step.getByLabel('Address line 1').inputValue();
  expect(line1).not.toBe('');

  await release();
  await hydrated(page);
  await step.getByRole('button', { name: 'Continue to delivery options' }).click();
  await expect(section(page, 'Delivery address')).toContainText(line1);
  await expect(section(page, 'Delivery address')).toContainText('LS1 4AP');
});

test('a delivery day chosen before the scripts run survives them, and "Continue" saves it', async ({ page }, testInfo) => {
  const release = await checkoutBeforeScripts(page, testInfo, 'early-day', { address: true });
  const delivery = section(page, 'Delivery');
  await delivery.getByRole('radio', { name: /^Specific day/ }).check();
  // The server drew the calendar; the stylesheet opens it.
  const day = delivery.getByRole('radiogroup', { name: 'Choose your delivery day' }).getByRole('radio', { name: /£/ }).nth(1);
  await day.check();
  const dayName = (await day.getAttribute('aria-label'))!.split(',')[0]!;
  await expect(delivery.getByRole('radio', { name: /^Standard/ })).not.toBeChecked();
  await screenshot(page, testInfo, 'day-before-scripts', false);

  await release();
  await hydrated(page);
  await expect(delivery.getByRole('radio', { name: /^Specific day/ })).toBeChecked();
  await expect(day).toBeChecked();
  // The page read the day from the form once its scripts ran.
  await expect(delivery.getByText(`Delivery on ${dayName}`)).toBeVisible();
  await scan(page);
  await delivery.getByRole('button', { name: 'Continue to billing' }).click();
  await expect(section(page, 'Billing').getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await expect(section(page, 'Delivery')).toContainText('Specific day');
  await expect(section(page, 'Delivery')).toContainText(dayName);
});

test('a delivery option chosen and sent before the scripts run is saved as a plain form', async ({ page }, testInfo) => {
  const release = await checkoutBeforeScripts(page, testInfo, 'early-option', { address: true });
  const delivery = section(page, 'Delivery');
  await delivery.getByRole('radio', { name: /^Saturday delivery/ }).check();
  await delivery.getByRole('button', { name: 'Continue to billing' }).click();

  // The page's action saved it: the next page, still without scripts, has billing open.
  await expect(section(page, 'Billing').getByRole('button', { name: 'Continue to payment' })).toBeVisible();
  await expect(section(page, 'Delivery')).toContainText('Saturday delivery');
  await release();
  await expect(main(page).getByRole('region', { name: /^Step 3: Delivery \(done\)$/ })).toBeVisible();
});

test('an order number and address typed before the scripts run are still there, and sent, when "Track order" is pressed after', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail(testInfo, 'track-typed-early');
  const orderNumber = await placeTestOrder(request, { email, firstName: 'Tom', lastName: 'Early' });
  const release = await slowBeforeScripts(page);
  await page.goto('/track-order', { waitUntil: 'commit' });
  await main(page).getByLabel('Order number').fill(orderNumber);
  await main(page).getByLabel('E-mail address').fill(email);
  await release();
  await hydrated(page);
  await expect(main(page).getByLabel('Order number')).toHaveValue(orderNumber);
  await expect(main(page).getByLabel('E-mail address')).toHaveValue(email);
  await main(page).getByRole('button', { name: 'Track order' }).click();
  await expect(main(page).getByRole('heading', { name: `Order ${orderNumber}: Order placed` })).toBeVisible();
});

test('a retrieval code typed before the scripts run is still there, and sent, when "Retrieve basket" is pressed after', async ({ page }) => {
  const release = await slowBeforeScripts(page);
  await page.goto('/basket/retrieve', { waitUntil: 'commit' });
  await main(page).getByRole('textbox', { name: 'Retrieval code' }).fill('ZZZZ-ZZZZ');
  await release();
  await hydrated(page);
  await expect(main(page).getByRole('textbox', { name: 'Retrieval code' })).toHaveValue('ZZZZ-ZZZZ');
  await main(page).getByRole('button', { name: 'Retrieve basket' }).click();
  // The API was asked for the typed code, not told the field was empty.
  await expect(main(page).getByText(/can’t find a saved basket with that code/)).toBeVisible();
});

test('"Track order" pressed before the scripts run finds the order as a plain form', async ({ page, request }, testInfo) => {
  const email = uniqueEmail(testInfo, 'track-early');
  const orderNumber = await placeTestOrder(request, { email, firstName: 'Tia', lastName: 'Early' });
  const release = await slowBeforeScripts(page);
  await page.goto(`/track-order?orderNumber=${orderNumber}`, { waitUntil: 'commit' });
  await main(page).getByLabel('E-mail address').fill(email);
  await main(page).getByRole('button', { name: 'Track order' }).click();
  // Answered by the server: the order, and the number and address still in the form.
  await expect(main(page).getByRole('heading', { name: `Order ${orderNumber}: Order placed` })).toBeVisible();
  await expect(main(page).getByLabel('Order number')).toHaveValue(orderNumber);
  await expect(main(page).getByLabel('E-mail address')).toHaveValue(email);

  // A wrong address, still before the scripts: said at the form, not an error page.
  await main(page).getByLabel('E-mail address').fill('someone-else@plumbline.test');
  await main(page).getByRole('button', { name: 'Track order' }).click();
  await expect(main(page).getByRole('alert')).toContainText('We couldn’t find an order with that number and e-mail address');
  await release();
});

test('the staff help inbox and a request show their data before the scripts run, and a step on the request works as a plain form', async ({
  page,
  request,
}, testInfo) => {
  const enquiry = await request.post('/api/help-centre/Enquiry/general-enquiry', {
    data: { name: 'Robin Early', emailAddress: `early-${testInfo.project.name}-${Date.now()}@example.com`, topic: 'product', message: 'Is it frost-proof?' },
  });
  expect(enquiry.status()).toBe(201);
  const { reference } = (await enquiry.json()) as { reference: string };
  await signIn(page, DEMO.staff.email);

  const fullSpeed = await slowCpu(page);
  const release = await holdScripts(page);
  await page.goto(`/staff/help?reference=${reference}`, { waitUntil: 'commit' });
  await expect(page.getByText('Request 1 of 1, newest first')).toBeVisible();
  await page.getByRole('link', { name: reference }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Help request ${reference}`);
  await expect(page.getByRole('region', { name: 'Conversation' }).getByText('Is it frost-proof?')).toBeVisible();
  await page.getByRole('form', { name: 'Assign', exact: true }).getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The request is assigned to you.' })).toBeVisible();
  await expect(page.getByText(`· assigned to ${DEMO.staff.name}`)).toBeVisible();
  // All of it before any script: the header's search is still the plain box.
  await expect(searchForm(page).getByRole('searchbox')).toBeVisible();

  release();
  await fullSpeed();
  await pageReady(page);
  await expect(page.getByRole('status').filter({ hasText: 'The request is assigned to you.' })).toBeVisible();
});
