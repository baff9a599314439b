import { test, type Page } from './test.ts';
import { BASIN, BASIN_NAME, CHECKOUT_TIMEOUT, expect, main, registerAndSignIn, uniqueEmail } from './checkout-steps.ts';

/**
 * "Add to basket" and "Save to wishlist" are plain forms posted to the page's own action
 * (lib/product-forms.ts): they work without JavaScript, and when pressed before the page's scripts run.
 */

/** The guest basket the basket cookie names, as the API has it. */
async function guestBasketLines(page: Page): Promise<{ sku: string; quantity: number }[]> {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'shop_basket');
  expect(cookie, 'the basket cookie').toBeDefined();
  const response = await page.request.get(`/api/basket/basket/${cookie!.value}`);
  expect(response.ok()).toBe(true);
  const { lines } = (await response.json()) as { lines: { sku: string; quantity: number }[] };
  return lines.map(({ sku, quantity }) => ({ sku, quantity }));
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a guest adds a product on its page: the page comes back saying so, and the basket page lists it', async ({ page }) => {
    await page.goto(`${BASIN}?sku=PL000109-1`);
    await main(page).getByLabel('Quantity', { exact: true }).fill('2');
    await main(page).getByRole('button', { name: 'Add to basket', exact: true }).click();

    await expect(page).toHaveURL(/\?sku=PL000109-1&added=PL000109-1&quantity=2#/);
    await expect(main(page).getByText(`Added 2 × ${BASIN_NAME} to your basket.`)).toBeVisible();
    expect(await guestBasketLines(page)).toEqual([{ sku: 'PL000109-1', quantity: 2 }]);

    // Again: the same basket (its cookie), not a new one.
    await main(page).getByLabel('Quantity', { exact: true }).fill('1');
    await main(page).getByRole('button', { name: 'Add to basket', exact: true }).click();
    await expect(main(page).getByText(`Added 1 × ${BASIN_NAME} to your basket.`)).toBeVisible();
    expect(await guestBasketLines(page)).toEqual([{ sku: 'PL000109-1', quantity: 3 }]);

    await page.goto('/basket');
    await expect(main(page).getByRole('link', { name: BASIN_NAME })).toBeVisible();
    await expect(
      main(page)
        .getByLabel(/Quantity/)
        .first(),
    ).toHaveValue('3');
  });

  test('a guest adds a product from a listing’s card, and comes back to the card', async ({ page }) => {
    await page.goto('/c/basins');
    const add = main(page)
      .getByRole('button', { name: /^Add to basket: / })
      .first();
    const name = (await add.getAttribute('aria-label'))!.replace(/^Add to basket: /, '');
    await add.click();

    await expect(page).toHaveURL(/\/c\/basins\?added=[^&]+&quantity=1#/);
    const card = main(page)
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name, exact: true }) });
    await expect(card.getByText(`Added 1 × ${name} to your basket.`)).toBeVisible();
    expect(await guestBasketLines(page)).toHaveLength(1);

    await page.goto('/basket');
    await expect(main(page).getByRole('link', { name })).toBeVisible();
  });

  test('more than can be sold adds nothing, and the page says why in the API’s words', async ({ page }) => {
    await page.goto(`${BASIN}?sku=PL000109-1`);
    await main(page).getByLabel('Quantity', { exact: true }).fill('999');
    await main(page).getByRole('button', { name: 'Add to basket', exact: true }).click();

    const refusal = main(page).getByText(new RegExp(`^Only \\d+ of ${BASIN_NAME}.* can be added`));
    await expect(refusal).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Add to basket', exact: true })).toHaveAccessibleDescription(/can be added/);
    expect((await page.context().cookies()).some((entry) => entry.name === 'shop_basket')).toBe(false);
  });

  test('a quantity that is not one adds nothing and says so', async ({ page }) => {
    await page.goto(BASIN);
    await main(page).getByLabel('Quantity', { exact: true }).fill('two');
    await main(page).getByRole('button', { name: 'Add to basket', exact: true }).click();
    await expect(main(page).getByText('Nothing was added. Enter a quantity from 1 to 999.')).toBeVisible();
  });

  test('"Save to wishlist" signed out goes to sign in, to come back to the product', async ({ page }) => {
    await page.goto(BASIN);
    await main(page).getByRole('button', { name: 'Save to wishlist' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/auth/sign-in' && url.searchParams.get('returnTo') === BASIN);
  });
});

test('a signed-in shopper adds to their own basket and saves to their wishlist without JavaScript', async ({ page, browser }, testInfo) => {
  test.setTimeout(CHECKOUT_TIMEOUT);
  // A new account, so no other test's basket is in the way. Signing in needs the page's scripts.
  await registerAndSignIn(page, browser, testInfo, uniqueEmail(testInfo, 'plain-forms'), 'Robin Plainform');
  const noScripts = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noScripts.newPage();

  await plain.goto(`${BASIN}?sku=PL000109-1`);
  // The buy box's quantity, not Add to project's (a signed-in shopper's page has both).
  await main(plain).getByLabel('Quantity', { exact: true }).and(plain.locator(':not(#add-to-project *)')).fill('2');
  await main(plain).getByRole('button', { name: 'Add to basket', exact: true }).click();
  await expect(main(plain).getByText(`Added 2 × ${BASIN_NAME} to your basket.`)).toBeVisible();
  // The account's basket (the session's), not a guest's.
  expect((await noScripts.cookies()).some((entry) => entry.name === 'shop_basket')).toBe(false);

  await main(plain).getByRole('button', { name: 'Save to wishlist' }).click();
  await expect(plain).toHaveURL(/[?&]saved=PL000109-1#/);
  await expect(main(plain).getByRole('button', { name: 'Saved to wishlist' })).toHaveAttribute('aria-pressed', 'true');

  await plain.goto('/basket');
  await expect(main(plain).getByRole('link', { name: BASIN_NAME })).toBeVisible();
  await noScripts.close();

  // The same basket and wishlist with scripts.
  await page.goto('/basket');
  await expect(main(page).getByRole('link', { name: BASIN_NAME })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Basket (2 items)' })).toBeVisible();
  await page.goto('/wishlist');
  await expect(main(page).getByText(BASIN_NAME).first()).toBeVisible();
});

test('another site’s form cannot add to a shopper’s basket', async ({ request }) => {
  const form = { intent: 'add-to-basket', sku: 'PL000109-1', quantity: '1' };
  const post = (headers: Record<string, string>) => request.post(BASIN, { form, headers, maxRedirects: 0 });
  // React Router turns down an Origin that is not the page's; the page's action, a post that says
  // it comes from elsewhere or does not say where from.
  const elsewhere: Record<string, string>[] = [{ origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}];
  for (const headers of elsewhere) {
    const refused = await post(headers);
    expect([400, 403]).toContain(refused.status());
    expect(refused.headers()['set-cookie']).toBeUndefined();
  }
  const ownPage = await post({ 'sec-fetch-site': 'same-origin' });
  expect(ownPage.status()).toBe(303);
  expect(ownPage.headers()['set-cookie']).toMatch(/^shop_basket=[\w-]+; Max-Age=\d+; Path=\/; SameSite=Lax/);
});
