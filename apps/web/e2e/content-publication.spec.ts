import { expect as baseExpect, test, type Page } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { SCREENSHOT_DIR, STRIPE_SHOP_PORT } from './pages.ts';

/**
 * A content page taken off the shop (decision 0128): staff unpublish "About us" and the footer stops
 * linking to it and its address is the 404 page; publishing it again brings both back. On a shop of its
 * own (the Stripe shop's database), so no other journey finds the footer without it.
 */
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
test.use({ baseURL: `http://127.0.0.1:${STRIPE_SHOP_PORT}` });
const expect = baseExpect.configure({ timeout: 15_000 });

const aboutInFooter = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'About us' });

/** Pages keep the frame's items a few seconds: reads the footer again until it shows `count` links to About us. */
async function footerLinksAbout(shop: Page, count: number) {
  await expect(async () => {
    await shop.goto('/help');
    await baseExpect(aboutInFooter(shop)).toHaveCount(count, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('staff unpublish About us and the footer no longer links it; publishing it again brings it back', async ({ page }) => {
  const errors = collectErrors(page);
  const shop = await page.context().newPage();
  await footerLinksAbout(shop, 1);
  await aboutInFooter(shop).click();
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText('About us');

  await signIn(page, DEMO.staff.email);
  await page.getByRole('region', { name: 'Staff tools' }).getByRole('link', { name: 'Content' }).click();
  await page.getByRole('table', { name: 'Content pages' }).getByRole('link', { name: 'About us' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit “About us”');
  const form = page.getByRole('form', { name: 'Page' });
  await form.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Unpublished');
  await expect(form.getByRole('button', { name: 'Unpublish' })).toHaveCount(0);
  // The page was live: the editor says who took it off and when, not that it was never published.
  await expect(page.getByText(/^Not on the shop: unpublished by .+, \d{1,2} \w+ \d{4}, \d\d:\d\d\.$/)).toBeVisible();
  await expectNoViolations(page);

  await footerLinksAbout(shop, 0);
  const response = await shop.goto('/about');
  baseExpect(response?.status()).toBe(404);

  await form.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Published: the shop shows it now.');
  await footerLinksAbout(shop, 1);
  await aboutInFooter(shop).click();
  await expect(shop.getByRole('heading', { level: 1 })).toHaveText('About us');
  baseExpect(errors).toEqual([]);
});

/** The legal pages that are content pages: each with a heading its contents lead to, and words the code carried. */
const LEGAL_CONTENT_PAGES: { path: string; title: string; updated: string; section: string; anchor?: string; words: string }[] = [
  { path: '/reviews-policy', title: 'How we check reviews', updated: '25 November 2026', section: 'Why we may reject a review', words: 'Verified purchase' },
  { path: '/privacy', title: 'Privacy notice', updated: '29 November 2026', section: 'How long we keep it', words: 'a retrieval code works for 30 days' },
  { path: '/cookies', title: 'Cookie notice', updated: '29 November 2026', section: 'Browser storage', words: 'shop_signed_in' },
  // Its headings keep the anchors its sections had when it was code (decision 0135).
  {
    path: '/terms',
    title: 'Terms of sale',
    updated: '29 November 2026',
    section: 'If you buy for a business',
    anchor: 'business-customers',
    words: '£29.95 for standard large-item delivery',
  },
];

for (const legal of LEGAL_CONTENT_PAGES) {
  test(`${legal.path} is a content page whose contents lead to its headings’ anchors, at phone and desktop widths`, async ({ page }) => {
    const errors = collectErrors(page);
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(legal.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(legal.title);
      await expect(page.getByText(`Last updated ${legal.updated}.`)).toBeVisible();
      const article = page.getByRole('article');
      await expect(article.getByRole('listitem').filter({ hasText: /\S/ }).first()).toBeVisible();
      await expect(article.getByText(legal.words, { exact: false }).first()).toBeVisible();
      const contents = page.getByRole('navigation', { name: 'On this page' });
      if (width < 1024) await contents.getByText('On this page').first().click();
      await contents.getByRole('link', { name: legal.section }).filter({ visible: true }).click();
      const anchor = legal.anchor ?? legal.section.toLowerCase().replaceAll(' ', '-');
      await expect(page).toHaveURL(new RegExp(`${legal.path}#${anchor}$`));
      await expect(page.getByRole('heading', { name: legal.section })).toBeInViewport();
      await expectNoViolations(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}${legal.path}-${width}.png`, fullPage: true, animations: 'disabled' });
    }
    baseExpect(errors).toEqual([]);
  });
}

test('the terms’ links within the page lead to the model cancellation form, a quotation, and to the section on business customers', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/terms');
  const article = page.getByRole('article');
  await article.getByRole('link', { name: 'model cancellation form' }).click();
  await expect(page).toHaveURL(/\/terms#cancellation-form$/);
  await expect(page.getByRole('heading', { name: 'Model cancellation form' })).toBeInViewport();
  const form = article.locator('blockquote');
  await expect(form.locator('p')).toHaveCount(8);
  await expect(form.locator('p').first()).toHaveText(/^To .+ Ltd, .+, \S+@\S+:$/);
  await expect(form).toContainText('I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*],');
  await article.getByRole('link', { name: 'the section on business customers' }).click();
  await expect(page).toHaveURL(/\/terms#business-customers$/);
  await expect(page.getByRole('heading', { name: 'If you buy for a business' })).toBeInViewport();
  baseExpect(errors).toEqual([]);
});

test('the newsletter form’s link to the privacy notice leads to what the shop keeps', async ({ page }) => {
  await page.goto('/newsletter');
  await page.getByRole('form', { name: 'Newsletter sign-up' }).first().getByRole('link', { name: 'privacy notice' }).click();
  await expect(page).toHaveURL(/\/privacy#what-we-keep-and-why$/);
  await expect(page.getByRole('heading', { name: 'What we keep, and why' })).toBeInViewport();
  await expect(page.getByRole('list', { name: 'What we keep, why, and the lawful basis' }).getByRole('listitem')).toHaveCount(7);
});
