import { expect as baseExpect, test } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn, storedUser } from './auth.ts';
import { placeTestOrder } from './orders.ts';
import { SCREENSHOT_DIR } from './pages.ts';

// Two sign-ins through the provider's pages, on a machine that may be busy.
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/**
 * An order changed after its VAT invoice was issued has a credit note and a new invoice (decision
 * 0097): its customer's order page lists each with its date and amount to download, and staff open
 * each from the order's staff page.
 */
test('the customer’s order page and staff’s list every invoice and credit note of a changed order, and staff download one', async ({
  page,
  browser,
}, testInfo) => {
  const errors = collectErrors(page);
  const shot = (name: string, on = page) => on.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-vat-documents-${name}.png`, fullPage: true });
  await signIn(page, DEMO.shopper.email);
  const { access_token } = (await storedUser(page))!;
  const authorization = `Bearer ${access_token}`;
  const orderNumber = await placeTestOrder(page.request, { email: DEMO.shopper.email, accessToken: access_token, quantity: 2 });
  // The invoice is issued (asked for once), then the order changed: one basin fewer, refunded.
  const invoice = await page.request.post(`/api/help-centre/Order/${orderNumber}/vat-invoice`, { headers: { authorization } });
  expect(invoice.ok()).toBe(true);
  const changes = `/api/order-baskets/OrderBasket/${orderNumber}`;
  const opened = await page.request.put(changes, { headers: { authorization } });
  const { orderVersion, lines } = (await opened.json()) as { orderVersion: number; lines: { sku: string }[] };
  expect((await page.request.put(`${changes}/SetItem`, { headers: { authorization }, data: { sku: lines[0]!.sku, quantity: 1 } })).ok()).toBe(true);
  const done = await page.request.put(`${changes}/CompleteOrderBasket`, { headers: { authorization }, data: { orderVersion } });
  expect(await done.json()).toMatchObject({ status: 'completed' });

  // The customer's page: every document, with its date and amount, to download.
  await page.goto(`/account/orders/${orderNumber}`);
  await expect(page.getByRole('heading', { name: 'Invoices and credit notes' })).toBeVisible();
  const creditNote = page.getByRole('button', { name: /^Download credit note CN-\d{7}$/ });
  await expect(creditNote).toBeVisible();
  await expect(page.getByRole('button', { name: /^Download VAT invoice INV-\d{7}$/ })).toHaveCount(2);
  await expect(page.getByText(/^Issued \d{1,2} \w+ \d{4} · credits £[\d,]+\.\d\d · cancels INV-\d{7}$/)).toBeVisible();
  const creditNumber = (await creditNote.textContent())!.replace('Download credit note ', '');
  await expectNoViolations(page);
  await shot('customer');

  // Staff open the same order and download the credit note from it.
  const staffContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const staffPage = await staffContext.newPage();
  await signIn(staffPage, DEMO.staff.email);
  await staffPage.goto(`/staff/orders/${orderNumber}`);
  const documents = staffPage.getByRole('region', { name: 'VAT invoices and credit notes' });
  await expect(documents.getByText(`Credit note for`)).toBeVisible();
  await expect(documents.getByText(/ · credits £[\d,]+\.\d\d$/)).toBeVisible();
  const [download] = await Promise.all([
    staffPage.waitForEvent('download'),
    documents.getByRole('link', { name: `Download credit note ${creditNumber} (PDF)` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${creditNumber}.pdf`);
  const bytes = await import('node:fs/promises').then((fs) => download.path().then((path) => fs.readFile(path)));
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoViolations(staffPage);
  await shot('staff', staffPage);
  await staffContext.close();
  expect(errors).toEqual([]);
});
