import sharp from 'sharp';
import { londonSortableDateTime } from '@shop/contracts';
import { expect as baseExpect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { SCREENSHOT_DIR, STRIPE_SHOP_PORT } from './pages.ts';

/**
 * Content pages and global items edited by staff (decision 0085): a help page and the home page's hero
 * changed, previewed at phone width, published and shown by the storefront; an announcement bar
 * scheduled to start now and shown on the shop's pages. Each project writes its own words, so the phone and desktop runs can follow each other.
 */

// Staff sign in through the provider's pages (password hashing included) on a machine that may be busy.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
const expect = baseExpect.configure({ timeout: 15_000 });

const screenshot = (page: Page, project: string, name: string) =>
  page.screenshot({ path: `${SCREENSHOT_DIR}/${project}-${name}.png`, fullPage: true, animations: 'disabled' });

/** `2026-11-27T10:05`, the London wall clock a minute ago, as a datetime-local field takes it. */
function londonMinuteAgo(): string {
  return londonSortableDateTime(new Date(Date.now() - 60_000)).replace(' ', 'T');
}

async function openContent(page: Page) {
  await signIn(page, DEMO.staff.email);
  await page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Content' }).click();
  await expect(page).toHaveURL('/staff/content');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Content');
}

test('staff edit a help page, preview it at phone width, publish it, and the storefront shows it @phone', async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const words = `Returns collected from your door on request (${project}).`;
  const errors = collectErrors(page);

  await openContent(page);
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-content');
  await page.getByRole('table', { name: 'Content pages' }).getByRole('link', { name: 'Returns & refunds' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit “Returns & refunds”');

  const form = page.getByRole('form', { name: 'Page' });
  const body = form.getByRole('group', { name: 'Block 1: Rich text' }).getByLabel('Words');
  await expect(body).toHaveValue(/You have \{returns\.change-of-mind-days\} days from delivery/);
  await body.fill(`${await body.inputValue()}\n\n${words}`);
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Draft saved. The shop still shows the published page.');

  // The draft, at phone width, in the editor's preview; the shop still shows the published page.
  await page.getByRole('link', { name: 'Phone width' }).click();
  const preview = page.frameLocator('iframe[title="Preview at phone width"]');
  await expect(preview.getByText(words)).toBeVisible();
  await expect(preview.getByText(/^Preview of version \d+: the shop does not show this yet\.$/)).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-content-editor');
  const shop = await page.context().newPage();
  await shop.goto('/help/returns');
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText('Returns & refunds');
  await expect(shop.getByText(words)).toHaveCount(0);

  await form.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Published: the shop shows it now.');
  await expect(
    page
      .getByRole('complementary', { name: 'Preview and versions' })
      .getByText(/^Published by /)
      .first(),
  ).toBeVisible();

  await shop.reload();
  await expect(shop.getByText(words)).toBeVisible();
  // Its windows are the policy's, drawn as facts.
  await expect(shop.getByText('Changed your mind? You have 30 days from delivery')).toBeVisible();
  await expectNoViolations(shop);
  await screenshot(shop, project, 'content-page-returns');
  baseExpect(errors).toEqual([]);
});

test('staff upload a picture to an image block, publish it, and the help page shows it with its alt text', async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const alt = `A fridge and a washing machine at a recycling centre (${project})`;
  const errors = collectErrors(page);
  // A real photo-sized picture: kept re-encoded by the API, at most 2,400 px a side.
  const picture = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#2f6f73' } })
    .png()
    .toBuffer();

  await openContent(page);
  await page.getByRole('table', { name: 'Content pages' }).getByRole('link', { name: 'WEEE recycling' }).click();
  const form = page.getByRole('form', { name: 'Page' });
  await form.getByLabel('Kind of block').selectOption('image');
  await form.getByRole('button', { name: 'Add block' }).click();
  // Added last, after the page's own picture.
  const added = form.getByRole('group', { name: /^Block \d+: Image$/ }).last();
  await expect(added.getByLabel('Picture address')).toHaveValue('');
  const number = /Block (\d+)/.exec((await added.locator('legend').textContent()) ?? '')![1];
  const block = form.getByRole('group', { name: `Block ${number}: Image` });

  // Not a picture, whatever its name says: refused beside the field, nothing filled in.
  await block
    .getByLabel(`Or upload a picture for block ${number}`)
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  await block.getByRole('button', { name: `Upload picture for block ${number}` }).click();
  await expect(page.getByRole('alert').first()).toContainText('The selected file must be a');
  await expect(block.getByLabel('Picture address')).toHaveValue('');

  await block.getByLabel('What the picture shows (alt text)').fill(alt);
  await block.getByLabel(`Or upload a picture for block ${number}`).setInputFiles({ name: 'recycling.png', mimeType: 'image/png', buffer: picture });
  await block.getByRole('button', { name: `Upload picture for block ${number}` }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Picture uploaded and its address filled in\./);
  await expect(block.getByLabel('Picture address')).toHaveValue(/^\/api\/site\/content\/images\/[0-9a-f]{32}$/);
  // The rest of the form as typed.
  await expect(block.getByLabel('What the picture shows (alt text)')).toHaveValue(alt);
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-content-picture-uploaded');

  await form.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Published: the shop shows it now.');
  const shop = await page.context().newPage();
  await shop.goto('/help/weee-recycling');
  const shown = shop.getByRole('main').getByRole('img', { name: alt });
  await shown.scrollIntoViewIfNeeded();
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1200);
  await expectNoViolations(shop);
  await screenshot(shop, project, 'content-page-uploaded-picture');

  // Put back as it was: the block removed and the page published again.
  await page.reload();
  await form.getByRole('button', { name: `Remove block ${number}` }).click();
  await expect(form.getByRole('group', { name: `Block ${number}: Image` })).toHaveCount(0);
  await form.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Published: the shop shows it now.');
  baseExpect(errors).toEqual([]);
});

test('staff schedule an announcement bar to start now and the shop shows it', async ({ page }, testInfo) => {
  const project = testInfo.project.name;
  const text = `Showroom open late on Thursdays (${project})`;

  await openContent(page);
  await page
    .getByRole('link', { name: /announcement bar/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Announcement bar');
  const form = page.getByRole('form', { name: 'Announcement bar' });
  await form.getByLabel('Announcement').fill(text);
  await form.getByLabel('Link words (optional)').fill('Contact us');
  await form.getByLabel('Link address (optional)').fill('/help/contact');
  await form.getByLabel('Show from (UK time, optional)').fill(londonMinuteAgo());
  await form.getByRole('button', { name: 'Save and publish' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Saved.');
  await expect(page.getByText('Showing on every page now.')).toBeVisible();
  await expectNoViolations(page);
  await screenshot(page, project, 'staff-content-announcement');

  // Pages keep the frame's items a few seconds: the bar appears once they are read again.
  const shop = await page.context().newPage();
  await expect(async () => {
    await shop.goto('/help');
    await baseExpect(shop.getByRole('banner').getByText(text)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(shop.getByRole('banner').getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/help/contact');
  await expectNoViolations(shop);
});

test.describe('the home page', () => {
  // A shop of its own (the Stripe shop's database): the shared shop's home heading is what other journeys read (shell.spec.ts).
  test.use({ baseURL: `http://127.0.0.1:${STRIPE_SHOP_PORT}` });

  test('staff change its hero heading, preview it at phone width, publish it, and the storefront shows it', async ({ page }, testInfo) => {
    // Published twice (changed, then put back), with two axe scans: more than the other journeys here on a busy machine.
    test.slow();
    const project = testInfo.project.name;
    const heading = `Bathrooms made for spring (${project})`;
    const errors = collectErrors(page);

    await openContent(page);
    await page.getByRole('table', { name: 'Content pages' }).getByRole('link', { name: 'Home page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit “Home page”');
    const form = page.getByRole('form', { name: 'Page' });
    const hero = form.getByRole('group', { name: 'Block 1: Hero' });
    await expect(hero.getByLabel('Line above the heading (optional)')).toHaveValue('Bathrooms · Heating · Plumbing');
    await expect(hero.getByLabel('Text (optional)')).toHaveValue(/with \{returns\.change-of-mind-days\} days to change your mind\.$/);
    const headingField = hero.getByLabel('Heading', { exact: true });
    const before = await headingField.inputValue();
    await headingField.fill(heading);
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Draft saved. The shop still shows the published page.');

    // The draft at phone width, drawn as the home page draws it; the shop still shows the published heading.
    await page.getByRole('link', { name: 'Phone width' }).click();
    const preview = page.frameLocator('iframe[title="Preview at phone width"]');
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(preview.getByRole('heading', { level: 2, name: 'Shop by category' })).toBeVisible();
    await expect(preview.getByRole('region', { name: 'Why shop with Plumbline' })).toBeVisible();
    await expectNoViolations(page);
    await screenshot(page, project, 'staff-content-home-preview');
    const shop = await page.context().newPage();
    await shop.goto('/');
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(before);

    await form.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Published: the shop shows it now.');
    await shop.reload();
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(heading);
    // The rest of the page as it was: its figures drawn as facts, the departments, the shop's own carousels.
    await expect(shop.getByText('Delivered across the UK, with 30 days to change your mind.')).toBeVisible();
    await expect(shop.getByRole('link', { name: 'Shop by category' })).toHaveAttribute('href', '/#shop-by-category');
    await expect(shop.getByRole('heading', { level: 2, name: 'Shop by category' })).toBeVisible();
    await expect(shop.getByRole('heading', { level: 2, name: 'Best sellers' })).toBeVisible();
    await expect(shop.getByRole('heading', { level: 2, name: 'New in' })).toBeVisible();
    await expectNoViolations(shop);
    await screenshot(shop, project, 'content-home');

    // Put back as it was: published again, the shop's home shows the earlier heading.
    await page.reload();
    await hero.getByLabel('Heading', { exact: true }).fill(before);
    await form.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Published: the shop shows it now.');
    await shop.reload();
    await expect(shop.getByRole('heading', { level: 1 })).toHaveText(before);
    baseExpect(errors).toEqual([]);
  });
});

test('staff see how many pictures no page uses and remove them now, as a plain form @phone', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await openContent(page);
  const pictures = page.getByRole('region', { name: 'Unused pictures' });
  await expect(pictures).toContainText(/uploaded for pages/);
  await pictures.getByRole('button', { name: 'Remove unused pictures now' }).click();
  await expect(page).toHaveURL('/staff/content?done=pictures-cleaned');
  await expect(pictures.getByRole('status')).toHaveText('Unused pictures cleaned up.');
  await expect(pictures).toContainText(/Last clean-up: \d{1,2} \w+ \d{4}, \d{2}:\d{2} by .+\. It removed (nothing|\d+ pictures? \(.+\))\./);
  await expectNoViolations(page);
  await screenshot(page, testInfo.project.name, 'staff-content-pictures');
  // Said once: a reload shows the page without it.
  await page.reload();
  await expect(page).toHaveURL('/staff/content');
  await expect(pictures.getByRole('status')).toHaveCount(0);
  expect(errors).toEqual([]);
});
