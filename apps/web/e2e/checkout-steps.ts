import { createHash } from 'node:crypto';
import { expect as baseExpect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { atProviderSignIn, DEMO_PASSWORD, expectNoViolations, signUp } from './auth.ts';
import { relayedLink, verificationLink, VERIFY_LINK } from './mailbox.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * The checkout journey's steps, shared by the checkout's browser tests (sandbox and Stripe): a basin
 * in the basket, the five steps with good details, the card forms and the confirmation page.
 */

/** Every step is a real API call and paying goes through a gateway: slow on a busy machine. */
export const CHECKOUT_TIMEOUT = 150_000;
export const expect = baseExpect.configure({ timeout: 20_000 });

export const BASIN = '/p/tamar-trade-eden-cloakroom-basin-pl000109';
export const BASIN_NAME = 'Tamar Trade Eden Cloakroom Basin';

export const screenshot = (page: Page, testInfo: TestInfo, name: string, fullPage = true) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-checkout-${name}.png`, fullPage, animations: 'disabled' });

/** An address nobody else's run uses, so the mailbox shows this run's e-mails only. */
export const uniqueEmail = (testInfo: TestInfo, label: string) => `${label}-${testInfo.project.name}-${Date.now()}@plumbline.test`;

/** What the payment step says when a wallet provider's script cannot be loaded (the card still works). */
export const WALLET_FAILED = 'Failed to load the payment-button provider script';

/** The axe scan of these pages, the wallet provider's button included. */
export const scan = (page: Page) => expectNoViolations(page);
export const main = (page: Page) => page.getByRole('main');
export const section = (page: Page, name: string) => main(page).getByRole('region', { name: new RegExp(`^Step \\d: ${name}( \\(done\\))?$`) });
/** The page's own "Pay £x" button for the card (the wallet's button says "with Sandbox Pay"). */
export const payButton = (page: Page) => section(page, 'Payment').getByRole('button', { name: /^Pay £[\d,.]+$/ });
export const cardFrame = (page: Page) => page.frameLocator('iframe[title="Card details"]');

/** A parcel (goes by the parcel services) over the £50 that makes standard parcel delivery free. */
export const SHOWER = '/p/brookvale-eden-mixer-shower-pl000256';
export const SHOWER_NAME = 'Brookvale Eden Mixer Shower';

/** One of a product (the basin unless named) added from its page, as the basket panel confirms. */
export async function addToBasket(page: Page, path = BASIN, name = BASIN_NAME) {
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.getByRole('banner').getByRole('button', { name: /^Basket \(/ })).toBeVisible();
  await main(page).getByRole('button', { name: 'Add to basket', exact: true }).click();
  const added = page.getByRole('dialog', { name: 'Your basket' }).getByRole('status');
  await expect(added).toContainText('Added to your basket');
  await expect(added).toContainText(`1 × ${name}`);
}

export const addBasin = (page: Page) => addToBasket(page);

export async function openCheckout(page: Page, name = BASIN_NAME) {
  await page.goto('/checkout');
  await expect(section(page, 'Your details')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText(name);
}

/** The checkout's order summary, opened first where it is a closed panel (on a phone). */
export async function openSummary(page: Page) {
  const summary = page.getByRole('complementary', { name: 'Order summary' });
  const show = summary.getByText('Show order summary');
  if (await show.isVisible()) await show.click();
  return summary;
}

/**
 * The page's cumulative layout shift so far (the skeletons stand in for the steps at their heights):
 * a buffered observer is handed every shift already recorded, and takeRecords reads them at once.
 */
export const layoutShift = (page: Page) =>
  page.evaluate(() => {
    type Shift = PerformanceEntry & { hadRecentInput: boolean; value: number };
    const observer = new PerformanceObserver(() => {});
    observer.observe({ type: 'layout-shift', buffered: true });
    const shifts = observer.takeRecords() as Shift[];
    observer.disconnect();
    return shifts.reduce((sum, entry) => sum + (entry.hadRecentInput ? 0 : entry.value), 0);
  });

export async function fillContact(page: Page, email: string, phone = '07700 900123') {
  const step = section(page, 'Your details');
  await step.getByLabel('E-mail address').fill(email);
  await step.getByLabel('First name').fill('Alex');
  await step.getByLabel('Last name').fill('Guest');
  await step.getByLabel('Phone number').fill(phone);
  await step.getByRole('button', { name: 'Continue to delivery address' }).click();
}

export async function fillAddress(page: Page, postcode = 'SW1A 1AA') {
  const step = section(page, 'Delivery address');
  await step.getByLabel('Address line 1').fill('10 Test Street');
  await step.getByLabel('Town or city').fill('London');
  await step.getByLabel('Postcode').fill(postcode);
  await step.getByRole('button', { name: 'Continue to delivery options' }).click();
}

/** The steps before payment with good details and the suggested delivery option (or as `chooseDelivery` does), billing as delivery. */
export async function stepsBeforePayment(page: Page, email: string, chooseDelivery?: () => Promise<void>) {
  await fillContact(page, email);
  await fillAddress(page);
  await expect(section(page, 'Delivery').getByRole('radio', { checked: true })).toHaveCount(1);
  await chooseDelivery?.();
  await section(page, 'Delivery').getByRole('button', { name: 'Continue to billing' }).click();
  await section(page, 'Billing').getByRole('button', { name: 'Continue to payment' }).click();
}

/** The steps before payment, and the card form ready to pay. */
export async function completeSteps(page: Page, email: string, chooseDelivery?: () => Promise<void>) {
  await stepsBeforePayment(page, email, chooseDelivery);
  await expect(payButton(page)).toBeEnabled();
}

export async function fillCard(page: Page, number: string) {
  const frame = cardFrame(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry date').fill('1230');
  await frame.getByLabel('Security code').fill('123');
  await frame.getByLabel('Billing postcode').fill('SW1A 1AA');
}

/** Stripe's Payment Element, in Stripe's own frame (the shop set up for Stripe: its stand-in's). */
export const paymentElement = (page: Page) => page.frameLocator('iframe[title="Secure payment input frame"]');

export async function fillStripeCard(page: Page, number: string) {
  const frame = paymentElement(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry date').fill('1230');
  await frame.getByLabel('Security code').fill('123');
}

export async function pay(page: Page) {
  await payButton(page).click();
}

export async function expectConfirmation(page: Page, email: string): Promise<string> {
  await expect(page).toHaveURL(/\/checkout\/confirmation\/BP-\w{3}-\w{3}-\w{3}$/);
  const orderNumber = page.url().split('/').pop()!;
  await expect(main(page).getByText(`Your order number is ${orderNumber}`)).toBeVisible();
  await expect(main(page).getByText(`We’ve e-mailed a confirmation to ${email}.`)).toBeVisible();
  await expect(main(page).getByRole('region', { name: 'What you ordered' })).toContainText(BASIN_NAME);
  // The basket became the order: the header's count is back to nothing.
  await expect(page.getByRole('banner').getByRole('button', { name: /^Basket \((empty|0 items)\)/ })).toBeVisible();
  return orderNumber;
}

/** A guest with a basin, through the steps to a card form ready to pay; returns the guest's e-mail address. */
export async function guestReadyToPay(page: Page, testInfo: TestInfo, label: string): Promise<string> {
  const email = uniqueEmail(testInfo, label);
  await addBasin(page);
  await openCheckout(page);
  await completeSteps(page, email);
  return email;
}

/**
 * A guest pays with the declined test card in the card form `fill` types into: the decline is said
 * beside the button, and paying again with 4242 in the same form places the order.
 */
export async function declinedThenPaid(page: Page, testInfo: TestInfo, label: string, fill: (number: string) => Promise<void>) {
  const email = await guestReadyToPay(page, testInfo, label);
  await fill('4000 0000 0000 0002');
  await pay(page);

  const payment = section(page, 'Payment');
  await expect(payment.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toContainText('You have not been charged: try another card.');
  await expect(payButton(page)).toBeEnabled();
  await scan(page);
  await screenshot(page, testInfo, label);

  await fill('4242 4242 4242 4242');
  await pay(page);
  await expectConfirmation(page, email);
}

/** A signed-in shopper's way to the payment step: their details are filled in from their account, less the phone number. */
export async function toPaymentSignedIn(page: Page) {
  await addBasin(page);
  await openCheckout(page);
  const details = section(page, 'Your details');
  await details.getByLabel('Phone number').fill('07700 900123');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();
  await fillAddress(page);
  await section(page, 'Delivery').getByRole('button', { name: 'Continue to billing' }).click();
  await section(page, 'Billing').getByRole('button', { name: 'Continue to payment' }).click();
}

/**
 * A private (RFC 1918) address of this test's own (the shop believes a proxy on its own machine): sign-ups (ten an hour) and
 * the API's per-address budget would otherwise count the whole suite's calls against one loopback address.
 */
export function visitorAddress(testInfo: TestInfo): string {
  const digest = createHash('sha256').update(`${testInfo.testId}-${testInfo.project.name}-${testInfo.retry}`).digest();
  return `10.${digest[0]}.${digest[1]}.${(digest[2]! % 254) + 1}`;
}

/** The password `registerAndSignIn` and `signUpByHand` give a new account, for a test that signs in with it again. */
export const newAccountPassword = (testInfo: TestInfo) => `${DEMO_PASSWORD}-${testInfo.project.name}-card`;

/** Where the confirmation link is read: the staff mailbox, or (`relayed`, the Stripe shop sends real e-mail) the mail relay's, as the customer would. */
const confirmationLink = (browser: Browser, testInfo: TestInfo, relayed: boolean) => (email: string) =>
  relayed ? relayedLink(email, VERIFY_LINK) : verificationLink(browser, testInfo, email);

/**
 * A new account of its own (no other test's saved cards or basket), signed up at the provider and confirmed from the
 * verification e-mail (`signUp`, over HTTP as the provider's pages post them: the journeys here are not about signing up);
 * ends signed in, on the account page. `relayed`: read the e-mail from what the Stripe shop's mail relay took.
 */
export async function registerAndSignIn(page: Page, browser: Browser, testInfo: TestInfo, email: string, name = 'Robin Cardholder', relayed = false) {
  // Each new account from an address of its own, as shoppers' are (the shop believes a proxy on its own
  // machine): the suite's sign-ups would otherwise all count against one address's ten an hour.
  const address = visitorAddress(testInfo);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': address });
  const account = { email, name, password: newAccountPassword(testInfo), address };
  await signUp(page, account, confirmationLink(browser, testInfo, relayed));
  await expect(page.getByRole('banner').getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
}

/** As `registerAndSignIn`, through the provider's pages: the account page sends a visitor to sign in, who creates an account there. */
export async function signUpByHand(page: Page, browser: Browser, testInfo: TestInfo, email: string, name: string) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': visitorAddress(testInfo) });
  // The account sends a visitor who is not signed in straight to the provider.
  await page.goto('/account');
  await atProviderSignIn(page);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(newAccountPassword(testInfo));
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  await page.goto(await confirmationLink(browser, testInfo, false)(email));
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('banner').getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
}
