import { expect as baseExpect, test } from './test.ts';
import { collectErrors, DEMO, expectNoViolations, signIn } from './auth.ts';
import { CHECKOUT_TIMEOUT } from './checkout-steps.ts';
import { SCREENSHOT_DIR } from './pages.ts';
import { holdScripts } from './slow-start.ts';

/**
 * The blog's categories are staff's to manage: a content editor adds one at /staff/content (a refusal
 * first, as a plain form shows it), puts a new post in it and publishes it; a shopper's blog lists the
 * category and filters by it, and shows its new name once staff rename it (the kept guest page forgotten).
 * The category's and post's addresses are the test's own, so runs never share them.
 */

// Staff sign in through the provider's pages (password hashing included) on a machine that may be busy.
test.describe.configure({ timeout: CHECKOUT_TIMEOUT });
const expect = baseExpect.configure({ timeout: 15_000 });

test('staff add a blog category, put a post in it, and the blog filters by it @phone', async ({ page, browser }, testInfo) => {
  const unique = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const slug = `wet-rooms-${unique}`;
  const name = `Wet rooms ${unique}`;
  const description = 'Level floors, walk-in showers and keeping the water where it belongs.';
  const title = `Planning a wet room (${unique})`;
  const errors = collectErrors(page);

  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/content');
  const categories = page.getByRole('region', { name: 'Blog categories' });
  await expect(categories.getByRole('row', { name: /^How-to guides / })).toBeVisible();
  const add = page.getByRole('form', { name: 'Add a blog category' });
  // An address that breaks the rule is refused, what was typed kept, the field named.
  await add.getByLabel('Address').fill('Wet Rooms');
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Short description').fill(description);
  await add.getByRole('button', { name: 'Add category' }).click();
  const rule = 'The category’s address must use only lower-case letters, numbers and single hyphens, like "small-bathrooms"';
  await expect(add.getByRole('alert')).toContainText(rule);
  await expect(add.getByLabel('Name')).toHaveValue(name);
  await add.getByLabel('Address').fill(slug);
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Category added. The blog lists it once a post is published in it.');
  await expect(categories.getByRole('row', { name: new RegExp(`^${name} `) })).toContainText(`/blog?category=${slug}`);
  await expect(add.getByLabel('Address')).toHaveValue('');
  await expectNoViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-staff-blog-categories.png`, fullPage: true, animations: 'disabled' });

  // A post in it, published as it was made.
  const create = page.getByRole('form', { name: 'New blog post' });
  await create.getByLabel('New post’s title').fill(title);
  await create.getByLabel('Its address').fill(`planning-a-wet-room-${unique}`);
  await create.getByLabel('Author').fill('Stevie Staff');
  await create.getByLabel('Category').selectOption({ label: name });
  await create.getByRole('button', { name: 'Add post' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit “${title}”`);
  await expect(page.getByRole('form', { name: 'Page' }).getByLabel('Category')).toHaveValue(slug);
  await page.getByRole('form', { name: 'Page' }).getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Published: the shop shows it now.');

  // A shopper of their own (no staff session) picks the category on the blog.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto('/blog');
  await shopper
    .getByRole('navigation', { name: 'Blog categories' })
    .getByRole('link', { name: `${name} (1)` })
    .click();
  await expect(shopper).toHaveURL(new RegExp(`/blog\\?category=${slug}$`));
  await expect(shopper.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(shopper.getByText(description)).toBeVisible();
  const cards = shopper.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(name);
  await expect(cards.first().getByRole('link', { name: title })).toBeVisible();
  await expectNoViolations(shopper);
  await shopper.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-blog-category.png`, fullPage: true, animations: 'disabled' });

  // Staff rename it: the shopper's blog says the new name once the change is heard, though the page was kept for guests.
  await page.goto('/staff/content');
  await categories.getByRole('link', { name }).click();
  await expect(page.getByText('You cannot remove it while 1 post is in it (counting drafts).', { exact: false })).toBeVisible();
  await expectNoViolations(page);
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-staff-blog-category.png`, fullPage: true, animations: 'disabled' });
  const change = page.getByRole('form', { name: 'Name and description' });
  await change.getByLabel('Name').fill(`Wet rooms and showers ${unique}`);
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Category changed. The blog shows the new name and description within a few seconds.');
  await expect(async () => {
    await shopper.reload();
    await baseExpect(shopper.getByRole('heading', { level: 1 })).toHaveText(`Wet rooms and showers ${unique}`);
  }).toPass({ timeout: 30_000 });
  await shopperContext.close();
  baseExpect(errors).toEqual([]);
});

test('staff add, rename and remove a blog category as plain forms before the page’s scripts run', async ({ page }, testInfo) => {
  const unique = `${testInfo.project.name}-early-${Date.now().toString(36)}`;
  const name = `Boilers ${unique}`;
  await signIn(page, DEMO.staff.email);
  const release = await holdScripts(page);
  await page.goto('/staff/content', { waitUntil: 'commit' });
  const add = page.getByRole('form', { name: 'Add a blog category' });
  await add.getByLabel('Address').fill(`boilers-${unique}`);
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Short description').fill('Combi, system and heat-only boilers.');
  await add.getByRole('button', { name: 'Add category' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Category added. The blog lists it once a post is published in it.');

  await page.getByRole('region', { name: 'Blog categories' }).getByRole('link', { name }).click();
  const change = page.getByRole('form', { name: 'Name and description' });
  await change.getByLabel('Name').fill('   ');
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(change.getByRole('alert')).toContainText('Enter the category’s name');
  await change.getByLabel('Name').fill(`Boilers and controls ${unique}`);
  await change.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Category changed\./);
  const categories = page.getByRole('region', { name: 'Blog categories' });
  await categories.getByRole('link', { name: `Boilers and controls ${unique}` }).click();
  await page.getByRole('button', { name: `Remove “Boilers and controls ${unique}”` }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Category removed.');
  await expect(categories.getByRole('link', { name: `Boilers and controls ${unique}` })).toHaveCount(0);
  // The page's scripts never ran: the header's search box is still the plain one.
  await expect(page.getByRole('search', { name: 'Search products and categories' }).getByRole('combobox')).toHaveCount(0);
  release();
});

test('of two editors renaming one category at once, the second is told what it is now, keeps what they typed and can save it', async ({ page }, testInfo) => {
  const unique = `${testInfo.project.name}-both-${Date.now().toString(36)}`;
  await signIn(page, DEMO.staff.email);
  await page.goto('/staff/content');
  const add = page.getByRole('form', { name: 'Add a blog category' });
  await add.getByLabel('Address').fill(`taps-${unique}`);
  await add.getByLabel('Name').fill(`Taps ${unique}`);
  await add.getByLabel('Short description').fill('Basin, bath and kitchen taps.');
  await add.getByRole('button', { name: 'Add category' }).click();
  // Added (its page answered) before its link is followed: a press while the add is still going is taken over by its answer.
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Category added. The blog lists it once a post is published in it.');
  await page
    .getByRole('region', { name: 'Blog categories' })
    .getByRole('link', { name: `Taps ${unique}` })
    .click();
  await expect(page.getByRole('form', { name: 'Name and description' })).toBeVisible();
  // The second editor's tab (the same staff session) opens the category too, and sends a plain form: its scripts never run.
  const second = await page.context().newPage();
  const release = await holdScripts(second);
  await second.goto(page.url(), { waitUntil: 'commit' });

  const first = page.getByRole('form', { name: 'Name and description' });
  await first.getByLabel('Name').fill(`Taps and mixers ${unique}`);
  await first.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^Category changed\./);

  const late = second.getByRole('form', { name: 'Name and description' });
  await late.getByLabel('Name').fill(`Kitchen taps ${unique}`);
  await late.getByRole('button', { name: 'Save changes' }).click();
  await expect(late.getByRole('alert')).toContainText(
    `Someone else changed this category since you opened it (it is now called “Taps and mixers ${unique}”, described as “Basin, bath and kitchen taps.”).`,
  );
  await expect(late.getByLabel('Name')).toHaveValue(`Kitchen taps ${unique}`);
  await expectNoViolations(second);
  await second.screenshot({ path: `${SCREENSHOT_DIR}/${testInfo.project.name}-staff-blog-category-changed.png`, fullPage: true, animations: 'disabled' });
  // Having seen theirs, the second editor saves again: from the version now shown, it is taken.
  await late.getByRole('button', { name: 'Save changes' }).click();
  await expect(second.getByRole('main').getByRole('status')).toHaveText(/^Category changed\./);
  await expect(second.getByRole('region', { name: 'Blog categories' }).getByRole('link', { name: `Kitchen taps ${unique}` })).toBeVisible();
  release();
  await second.close();
});
