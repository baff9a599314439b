import { expect, test, type Page, type TestInfo } from './test.ts';
import { DEMO, signIn } from './auth.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * Without the page's scripts (or before they load) nothing checks a file before it is sent: a 30 MB
 * form goes to the server, whose page refuses it unread (too large to read) and says so. The
 * browser reads no answer until it has sent everything, so the shop reads the rest, keeping what
 * was typed and throwing the files away, rather than leaving the page loading for ever. (No axe
 * here: it needs scripts.)
 */
test.use({ javaScriptEnabled: false });

const thirtyMegabytes = (name: string, mimeType: string) => ({ name, mimeType, buffer: Buffer.alloc(30 * 1024 * 1024, 1) });

const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-upload-${name}.png`, fullPage: true, animations: 'disabled' });

test('a 30 MB photo on a help-centre form gets the page that says the files are too large', async ({ page }, testInfo) => {
  await page.goto('/help/contact/electrical-recycling');
  await page.getByLabel('New item you bought').fill('Vaillant ecoTEC plus 832 combi boiler');
  await page.getByLabel('Photos of the old item').setInputFiles([thirtyMegabytes('old-boiler.png', 'image/png')]);
  await page.getByRole('button', { name: 'Send recycling request' }).click();
  await expect(page.getByText('The files are too large: choose up to 3 files, each smaller than 5MB.')).toBeVisible();
  // The same form, drawn again with what was typed, to choose smaller photos.
  await expect(page.getByLabel('New item you bought')).toHaveValue('Vaillant ecoTEC plus 832 combi boiler');
  await expect(page.getByLabel('Photos of the old item')).toBeVisible();
  await shot(page, testInfo, 'help-refused');
});

test('a 30 MB document on the trade application gets the page that says the documents are too large', async ({ page, browser }, testInfo) => {
  // Signed in: the server's session draws the form as the page is sent (decision 0063). Signing in
  // needs scripts, so it happens in a context of its own whose cookies this one then takes.
  const signingIn = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
  await signIn(await signingIn.newPage(), DEMO.shopper.email);
  await page.context().addCookies(await signingIn.cookies());
  await signingIn.close();
  await page.goto('/trade/apply');
  const form = page.getByRole('form', { name: 'Trade account application' });
  await form.getByLabel('Legal name').fill('Pipe & Sons Ltd');
  await form.getByLabel('Document 1: file').setInputFiles(thirtyMegabytes('invoices.pdf', 'application/pdf'));
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('The documents are too large: choose up to 3 files, each smaller than 5MB.')).toBeVisible();
  await expect(form.getByLabel('Legal name')).toHaveValue('Pipe & Sons Ltd');
  await shot(page, testInfo, 'trade-refused');
});
