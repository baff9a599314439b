import sharp from 'sharp';
import { expect as baseExpect, test } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { SCREENSHOT_DIR } from './pages.ts';

/**
 * The blog (decision 0094): staff write a post with a hero picture they upload, a product carousel
 * and related products in the content editor and publish it; a shopper finds it on /blog and reads it, the products as cards with
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
  const summary = 'A slotted or unslotted waste? How to choose one and fit it without leaks.';
  await form.getByLabel('Summary').fill(summary);
  // The hero picture uploaded from the post's own fields: its address filled in, what was typed kept.
  const heroAlt = `A chrome basin waste on a white basin (${unique})`;
  await form.getByLabel('Hero image’s alt text').fill(heroAlt);
  const hero = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#9bb7c4' } })
    .png()
    .toBuffer();
  await form.getByLabel('Or upload a picture for the hero image').setInputFiles({ name: 'basin-waste.png', mimeType: 'image/png', buffer: hero });
  await form.getByRole('button', { name: 'Upload picture for the hero image' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Picture uploaded and its address filled in\./);
  await expect(form.getByLabel('Hero image address')).toHaveValue(/^\/api\/site\/content\/images\/[0-9a-f]{32}$/);
  await expect(form.getByLabel('Summary')).toHaveValue(summary);
  await expect(form.getByLabel('Hero image’s alt text')).toHaveValue(heroAlt);
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
  // Each version can be looked at as the blog would draw it: the first, as the post was made, before its summary and picture.
  await page.getByRole('link', { name: 'Preview version 1' }).click();
  await expect(page.getByRole('note')).toHaveText('Preview of version 1: the blog does not show this yet.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByText(summary)).toHaveCount(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit “${title}”`);

  // A shopper of their own (no staff session) finds it first on the blog's list and reads it.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto('/blog?category=how-to');
  await shopper.getByRole('link', { name: title }).click();
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(shopper.getByText('By Stevie Staff')).toBeVisible();
  await expect(shopper.getByRole('main').getByRole('img', { name: heroAlt })).toBeVisible();
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
