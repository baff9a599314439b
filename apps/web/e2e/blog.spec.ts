import { expect as baseExpect, test } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * The blog (decision 0094): staff write a post with a product carousel and related products in the
 * content editor and publish it; a shopper finds it on /blog and reads it, the products as cards with
 * the catalogue's prices, then staff unpublish it and the blog, its feed and the sitemap leave it out.
 * The post's address is the test's own, so runs never share it.
 */

// Staff sign in through the provider's pages (password hashing included) on a machine that may be busy.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
const expect = baseExpect.configure({ timeout: 15_000 });

test('staff publish a blog post with a product carousel and a shopper reads it from /blog', async ({ page, browser }, testInfo) => {
  const unique = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const title = `Fitting a basin waste (${unique})`;
  const errors = collectErrors(page);

  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/content');
  const create = page.getByRole('form', { name: 'New blog post' });
  await create.getByLabel('New post’s title').fill(title);
  await create.getByLabel('Its address').fill(`fitting-a-basin-waste-${unique}`);
  await create.getByLabel('Author').fill('Stevie Staff');
  await create.getByLabel('Category').selectOption({ label: 'How-to guides' });
  await create.getByRole('button', { name: 'Add post' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit “${title}”`);

  const form = page.getByRole('form', { name: 'Page' });
  await form.getByLabel('Summary').fill('A slotted or unslotted waste? How to choose one and fit it without leaks.');
  await form.getByLabel('Product name or code').fill('basin waste');
  await form.getByRole('button', { name: 'Find products' }).click();
  const code = (await page.getByRole('list', { name: 'Products found' }).locator('code').first().textContent())!;
  await form.getByLabel('Related products').fill(code);
  await form.getByLabel('Kind of block').selectOption({ label: 'Product carousel' });
  await form.getByRole('button', { name: 'Add block' }).click();
  const carousel = form.getByRole('group', { name: 'Block 1: Product carousel' });
  await carousel.getByLabel('Heading').fill('What you need for this job');
  await carousel.getByLabel('Product codes').fill(code);
  await form.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Published: the shop shows it now.');

  // A shopper of their own (no staff session) finds it first on the blog's list and reads it.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto('/blog?category=how-to');
  await shopper.getByRole('link', { name: title }).click();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(shopper.getByText('By Stevie Staff')).toBeVisible();
  for (const heading of ['What you need for this job', 'Products in this post']) {
    const cards = shopper.getByRole('region', { name: heading }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(/£\d/);
  }
  await expectNoViolations(shopper);
  await shopper.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-blog-post-published.png`, fullPage: true, animations: 'disabled' });

  // Staff take it off the blog: its address, the list, the feed and the sitemap drop it at once.
  const postPath = new URL(shopper.url()).pathname;
  const listedIn = async (file: string) => (await (await shopper.request.get(file)).text()).includes(postPath);
  const files = ['/blog/rss.xml', '/sitemaps/pages.xml'];
  baseExpect(await Promise.all(files.map(listedIn))).toEqual([true, true]);
  await form.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Unpublished: its address shows the “page not found” page, and the blog’s list, its feed and the sitemap leave it out.',
  );
  await expect(page.getByRole('form', { name: 'Page' }).getByRole('button', { name: 'Unpublish' })).toHaveCount(0);
  baseExpect((await shopper.goto(postPath))?.status()).toBe(404);
  await shopper.goto('/blog?category=how-to');
  await expect(shopper.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(shopper.getByRole('link', { name: title })).toHaveCount(0);
  baseExpect(await Promise.all(files.map(listedIn))).toEqual([false, false]);
  await shopperContext.close();
  baseExpect(errors).toEqual([]);
});
