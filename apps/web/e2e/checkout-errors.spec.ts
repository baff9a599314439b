import { test, type Browser, type Locator, type Page, type TestInfo } from './test.ts';
import { addBasin, CHECKOUT_TIMEOUT, expect, fillAddress, fillContact, main, openCheckout, scan, screenshot, section } from './checkout-steps.ts';

// Every step is a real API call, and the plain-form test loads a page per step: slow on a busy machine.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });

/** The GOV.UK error summary at the top of a step. */
const errorSummary = (step: Locator) => step.getByRole('alert', { name: 'There is a problem' });
/** What a validation library says when nobody wrote the message ("Too small: expected string to have >=3 characters"). */
const LIBRARY_WORDING = /expected|too small|too big|invalid input|received/i;

/** `upper` sits above `lower` on the page. */
async function expectAbove(upper: Locator, lower: Locator) {
  const [top, bottom] = await Promise.all([upper.boundingBox(), lower.boundingBox()]);
  expect(top!.y + top!.height).toBeLessThanOrEqual(bottom!.y);
}

async function expectSummary(step: Locator, messages: string[]) {
  const summary = errorSummary(step);
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('listitem')).toHaveText(messages);
  for (const message of messages) await expect(summary.getByRole('link', { name: message })).toBeVisible();
}

test('a step sent with gaps says what to enter, in a summary linking to each field and beside the fields', async ({ page }, testInfo) => {
  await addBasin(page);
  await openCheckout(page);
  const details = section(page, 'Your details');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();

  await expectSummary(details, ['Enter your e-mail address', 'Enter your first name', 'Enter your last name', 'Enter your phone number']);
  // The summary takes focus, so it is read out; each link leads to its field.
  await expect(errorSummary(details)).toBeFocused();
  await expect(details.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await expect(details.getByLabel('Last name')).toHaveAccessibleDescription('Error: Enter your last name');
  await expect(main(page)).not.toContainText(LIBRARY_WORDING);
  await scan(page);
  await screenshot(page, testInfo, 'errors-1-details', false);
  await errorSummary(details).getByRole('link', { name: 'Enter your phone number' }).click();
  await expect(details.getByLabel('Phone number')).toBeFocused();

  // What was typed stays; only what is still wrong is listed, in words that say how to put it right.
  await details.getByLabel('E-mail address').fill('sam at example');
  await details.getByLabel('First name').fill('Sam');
  await details.getByLabel('Last name').fill('Shopper');
  await details.getByLabel('Phone number').fill('12345');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();
  await expectSummary(details, [
    'Enter an e-mail address in the correct format, like name@example.com',
    'Enter a UK phone number, like 07700 900123 or 020 7946 0000',
  ]);
  await expect(details.getByLabel('First name')).not.toHaveAttribute('aria-invalid');
  await expect(details.getByLabel('First name')).toHaveValue('Sam');

  await fillContact(page, `errors-${testInfo.project.name}-${Date.now()}@plumbline.test`);
  const address = section(page, 'Delivery address');
  await address.getByRole('button', { name: 'Continue to delivery options' }).click();
  // The name came from step 1; the rest of the address is asked for.
  await expectSummary(address, ['Enter address line 1, typically the building and street', 'Enter a town or city', 'Enter a postcode']);
  // At the very top of the step, above the choice of delivery or collection.
  await expectAbove(errorSummary(address), address.getByRole('group', { name: 'Delivery or collection?' }));
  await expect(main(page)).not.toContainText(LIBRARY_WORDING);
  await scan(page);
  await screenshot(page, testInfo, 'errors-2-address', false);

  await fillAddress(page);
  // Specific-day delivery with no day chosen: the summary leads to the calendar.
  const delivery = section(page, 'Delivery');
  await delivery.getByRole('radio', { name: /^Specific day/ }).check();
  await delivery.getByRole('button', { name: 'Continue to billing' }).click();
  await expectSummary(delivery, ['Choose a delivery day.']);
  const days = delivery.getByRole('radiogroup', { name: 'Choose your delivery day' });
  await expect(days).toHaveAccessibleDescription(/^Error: Choose a delivery day\./);
  await scan(page);
  await screenshot(page, testInfo, 'errors-3-delivery', false);
  await errorSummary(delivery).getByRole('link', { name: 'Choose a delivery day.' }).click();
  await expect(days.getByRole('radio').and(page.locator(':focus'))).toHaveCount(1);
  // A day chosen, then another option: the day is not sent with it.
  await days.getByRole('radio', { name: /£/ }).first().check();
  await delivery.getByRole('radio', { name: /^Standard/ }).check();
  await delivery.getByRole('button', { name: 'Continue to billing' }).click();
  await expect(section(page, 'Delivery')).toContainText('Standard large item');
  const billing = section(page, 'Billing');
  await billing.getByLabel('My billing address is the same as my delivery address').uncheck();
  await billing.getByLabel('Full name').fill('');
  await billing.getByRole('button', { name: 'Continue to payment' }).click();
  await expectSummary(billing, [
    'Enter the full name of the person at this address',
    'Enter address line 1, typically the building and street',
    'Enter a town or city',
    'Enter a postcode',
  ]);
  await expect(main(page)).not.toContainText(LIBRARY_WORDING);
  await scan(page);
});

/** A basin in a basket made with scripts, then a page in the same browser whose scripts never run. */
async function basketThenNoScripts(browser: Browser, page: Page, testInfo: TestInfo): Promise<Page> {
  await addBasin(page);
  const { viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, baseURL } = testInfo.project.use;
  const plain = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, userAgent, baseURL, javaScriptEnabled: false });
  await plain.addCookies(await page.context().cookies());
  return plain.newPage();
}

test('without JavaScript the checkout steps are plain forms: refusals, saving and changing', async ({ browser, page }, testInfo) => {
  const plain = await basketThenNoScripts(browser, page, testInfo);
  await plain.goto('/checkout');
  let details = section(plain, 'Your details');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();
  // The page's action asked the API and drew the step again with its problems.
  await expect(plain).toHaveURL('/checkout');
  details = section(plain, 'Your details');
  await expectSummary(details, ['Enter your e-mail address', 'Enter your first name', 'Enter your last name', 'Enter your phone number']);
  await expect(details.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
  // (No axe scan here: it runs as a script. The same summary is scanned in the test above.)
  await screenshot(plain, testInfo, 'no-script-1-details', false);

  // Half right: what was typed comes back with the page.
  await details.getByLabel('E-mail address').fill('plain-form@plumbline.test');
  await details.getByLabel('First name').fill('Pat');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();
  details = section(plain, 'Your details');
  await expectSummary(details, ['Enter your last name', 'Enter your phone number']);
  await expect(details.getByLabel('E-mail address')).toHaveValue('plain-form@plumbline.test');
  await expect(details.getByLabel('First name')).toHaveValue('Pat');
  await details.getByLabel('Last name').fill('Plain');
  await details.getByLabel('Phone number').fill('07700 900123');
  await details.getByRole('button', { name: 'Continue to delivery address' }).click();

  const address = section(plain, 'Delivery address');
  await expect(address.getByLabel('Full name')).toHaveValue('Pat Plain');
  await address.getByLabel('Postcode').fill('12345');
  await address.getByRole('button', { name: 'Continue to delivery options' }).click();
  await expect(errorSummary(section(plain, 'Delivery address'))).toContainText('Enter address line 1, typically the building and street');
  await expect(errorSummary(section(plain, 'Delivery address'))).toContainText('Enter a town or city');
  await fillAddress(plain);
  await expect(section(plain, 'Delivery address')).toContainText('10 Test Street, London, SW1A 1AA');

  // Step 3: the server drew the options and the calendar; the stylesheet opens the calendar.
  let delivery = section(plain, 'Delivery');
  await delivery.getByRole('radio', { name: /^Specific day/ }).check();
  const days = () => section(plain, 'Delivery').getByRole('radiogroup', { name: 'Choose your delivery day' });
  await expect(days()).toBeVisible();
  await delivery.getByRole('button', { name: 'Continue to billing' }).click();
  delivery = section(plain, 'Delivery');
  await expectSummary(delivery, ['Choose a delivery day.']);
  await expect(delivery.getByRole('radio', { name: /^Specific day/ })).toBeChecked();
  await screenshot(plain, testInfo, 'no-script-3-delivery', false);
  const day = days().getByRole('radio', { name: /£/ }).nth(1);
  const dayName = (await day.getAttribute('aria-label'))!.split(',')[0]!;
  await day.check();
  await delivery.getByRole('button', { name: 'Continue to billing' }).click();
  await expect(section(plain, 'Delivery')).toContainText('Specific day');
  await expect(section(plain, 'Delivery')).toContainText(dayName);

  const billing = section(plain, 'Billing');
  const sameAddress = billing.getByLabel('My billing address is the same as my delivery address');
  await expect(sameAddress).toBeChecked();
  await expect(billing.getByLabel('Address line 1')).toBeHidden();
  // The stylesheet alone shows the address fields once the box is unticked.
  await sameAddress.uncheck();
  await expect(billing.getByLabel('Address line 1')).toBeVisible();
  await billing.getByRole('button', { name: 'Continue to payment' }).click();
  await expectSummary(section(plain, 'Billing'), ['Enter address line 1, typically the building and street', 'Enter a town or city', 'Enter a postcode']);
  await section(plain, 'Billing').getByLabel('Address line 1').fill('1 Card Road');
  await section(plain, 'Billing').getByLabel('Town or city').fill('Leeds');
  await section(plain, 'Billing').getByLabel('Postcode').fill('LS1 4AP');
  await section(plain, 'Billing').getByRole('button', { name: 'Continue to payment' }).click();
  await expect(section(plain, 'Billing')).toContainText('Pat Plain, 1 Card Road, Leeds, LS1 4AP');
  await expect(section(plain, 'Payment')).toBeVisible();

  // Click & collect instead: the stylesheet swaps the address for the branch's details.
  await section(plain, 'Delivery address').getByRole('button', { name: 'Change delivery address' }).click();
  const collect = section(plain, 'Delivery address');
  await collect.getByRole('radio', { name: 'Click & collect from the trade counter' }).check();
  await expect(collect.getByLabel('Address line 1')).toBeHidden();
  await expect(collect.getByRole('definition').filter({ hasText: 'Plumbline Leeds trade counter' })).toBeVisible();
  await screenshot(plain, testInfo, 'no-script-2-collect', false);
  await collect.getByRole('button', { name: 'Continue to billing' }).click();
  await expect(section(plain, 'Collection')).toContainText('Click & collect from the Plumbline Leeds trade counter');
  await expect(section(plain, 'Delivery')).toContainText('Click & collect (trade counter)');
  await expect(section(plain, 'Payment')).toBeVisible();

  // "Change" opens a finished step again.
  await section(plain, 'Your details').getByRole('button', { name: 'Change your details' }).click();
  await expect(plain).toHaveURL('/checkout?change=contact');
  await expect(section(plain, 'Your details').getByLabel('Phone number')).toHaveValue('07700 900123');
  await expect(main(plain)).not.toContainText(LIBRARY_WORDING);
  await plain.context().close();
});
