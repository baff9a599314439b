import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteContentClient, type SiteContentClient } from '@shop/api-client';
import {
  CANCELLATION_PERIOD_DAYS,
  CHANGE_OF_MIND_RETURN_DAYS,
  contentFactText,
  formatPenceShort,
  FREE_LARGE_DELIVERY_THRESHOLD,
  FREE_PARCEL_DELIVERY_THRESHOLD,
  DAMAGE_REPORT_HOURS,
  MISSING_REPORT_DAYS,
  REFUND_WITHIN_DAYS,
  SEND_BACK_WITHIN_DAYS,
  TRADE_APPLICATION_MAX_DOCUMENTS,
  WEEE_TAKE_BACK_DAYS,
  withContentFacts,
  type ContentBlock,
  type ContentPage,
  type ContentPageInput,
} from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { checkPageDocument } from './content-rules.ts';

/**
 * Content pages and global items through real HTTP on a real database (on PostgreSQL in the
 * api-postgres project, where two editors publishing at once really race): the spec's four calls,
 * the editor's calls, and each bad input refused with a 4xx that changes nothing. The clock is the
 * test's, so schedules are moved through, never waited for.
 */
let api: TestApi;
let now = new Date('2026-11-27T10:00:00Z');
const later = (minutes: number) => {
  now = new Date(now.getTime() + minutes * 60_000);
};
const actors: Record<string, Actor> = {
  edith: { userId: 'user-edith', name: 'Edith Editor', roles: ['content-editor'] },
  eddie: { userId: 'user-eddie', name: 'Eddie Editor', roles: ['content-editor'] },
  sam: { userId: 'user-sam', name: 'Sam Shopper', roles: ['shopper'] },
  otto: { userId: 'user-otto', name: 'Otto Orders', roles: ['order-admin'] },
};
const client = (who?: string): SiteContentClient => createSiteContentClient({ baseUrl: api.serviceUrl('site'), getAccessToken: () => who });

const richText = (words: string): ContentBlock => ({ type: 'richText', body: [{ kind: 'paragraph', content: [{ text: words }] }] });
const page = (title: string, blocks: ContentBlock[] = [richText(`${title} words.`)]): ContentPageInput => ({
  title,
  seoTitle: `${title} | Plumbline`,
  seoDescription: `All about ${title.toLowerCase()}.`,
  blocks,
});
/** A page with every kind of block, as staff would build one. */
const everyBlock: ContentBlock[] = [
  { type: 'hero', heading: 'Bathrooms made simple', text: 'Everything for the job.', image: { src: '/images/hero.webp', alt: 'A bright bathroom' } },
  {
    type: 'richText',
    body: [
      { kind: 'heading', level: 2, text: 'How it works' },
      { kind: 'paragraph', content: [{ text: 'Read our ' }, { text: 'terms', href: '/terms' }, { text: ' first.', bold: true }] },
      { kind: 'list', ordered: false, items: [[{ text: 'One' }], [{ text: 'Two' }]] },
      { kind: 'table', caption: 'Prices', head: ['Option', 'Price'], rows: [['Standard', '£4.95']] },
    ],
  },
  { type: 'image', src: 'https://images.example.com/basin.jpg', alt: 'A wall-hung basin' },
  { type: 'productCarousel', heading: 'Basins', source: { kind: 'category', categorySlug: 'basins', limit: 8 } },
  { type: 'productCarousel', heading: 'Our picks', source: { kind: 'skus', skus: ['PL000101-1', 'PL000102-1'] } },
  { type: 'categoryTiles', heading: 'Shop by room', categorySlugs: ['baths', 'showers'] },
  { type: 'promotionBanner', heading: 'Winter sale', text: 'Up to 30% off.', linkLabel: 'See the offers', href: '/offers/winter' },
  { type: 'faq', heading: 'Questions', items: [{ question: 'Do you deliver?', answer: [{ kind: 'paragraph', content: [{ text: 'Yes.' }] }] }] },
  { type: 'callToAction', heading: 'Need a hand?', linkLabel: 'Contact us', href: 'mailto:help@plumbline.example' },
];

let slugs = 0;
/** A new page of its own for each test, published unless asked not to. */
async function newPage(options: { publish?: boolean; blocks?: ContentBlock[] } = {}) {
  const slug = `test-page-${(slugs += 1)}`;
  const created = await client('edith').createPage({ body: { slug, page: page(`Page ${slugs}`, options.blocks) } });
  if (options.publish === false) return created;
  return client('edith').publishPage({ params: { slug }, body: { version: created.version } });
}

beforeAll(async () => {
  api = await startTestApi({
    seed: false,
    clock: { now: () => now },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
});
afterAll(() => api?.close());

describe('a page of typed blocks', () => {
  it('include “About us”, in words the site already states, its figures and the company’s details facts, and the footer links to it', async () => {
    const about = await client().getPageData({ params: { slug: 'about' } });
    expect(() => checkPageDocument(about)).not.toThrow();
    expect(about).toMatchObject({ title: 'About us', preview: 'published' });
    const words = about.blocks
      .flatMap((block) => (block.type === 'richText' ? block.body : []))
      .map((node) => (node.kind === 'heading' ? `## ${node.text}` : node.kind === 'paragraph' ? node.content.map((run) => run.text).join('') : ''))
      .join('\n');
    expect(words).toMatch(/^Plumbline sells bathroom suites, showers, radiators, taps and plumbing supplies online, for homeowners and the trade/);
    expect(words.match(/^## .*/gm)).toEqual(['## Delivered across the UK', '## For the trade', '## Talk to us', '## Who we are']);
    const facts = JSON.stringify(about.blocks).match(/"fact":"[^"]+"/g);
    expect(facts).toEqual(
      ['delivery.free-large-over', 'returns.change-of-mind-days', 'shop.phone', 'shop.opening-hours', 'shop.email', 'shop.legal-name']
        .concat(['shop.company-number', 'shop.vat-number'])
        .map((fact) => `"fact":"${fact}"`),
    );
    const footer = (await client().getGlobalItem({ params: { id: 'footer-columns' } })).content as { columns: { links: { href: string }[] }[] };
    expect(footer.columns[0]!.links.at(-1)).toEqual({ label: 'About us', href: '/about' });
  });

  it('include the review policy in the words the storefront carried, its figures, the company’s details and the rejection reasons the shop’s own', async () => {
    const policy = await client().getPageData({ params: { slug: 'reviews-policy' } });
    expect(() => checkPageDocument(policy)).not.toThrow();
    expect(policy).toMatchObject({
      title: 'How we check reviews',
      seoTitle: 'How we check reviews',
      seoDescription: 'Who can review, what we check before a review is shown, why we reject one, and what we never do.',
      publishedAt: '2026-11-25T12:00:00.000Z',
      preview: 'published',
    });
    const words = policy.blocks
      .flatMap((block) => (block.type === 'richText' ? block.body : []))
      .map((node) => (node.kind === 'heading' ? `## ${node.text}` : node.kind === 'paragraph' ? node.content.map((run) => run.text).join('') : ''))
      .join('\n');
    expect(words.match(/^## .*/gm)).toEqual([
      '## Who can review',
      '## What we check before a review is shown',
      '## Why we may reject a review',
      '## Edits and our replies',
      '## Questions about a review',
    ]);
    expect(words).toContain('Reviews written from an order, for an item the reviewer bought from us, are marked “Verified purchase”; other reviews are not.');
    expect(words).toContain('We never hide, delay or reject a review because it is negative');
    expect(policy.blocks.map((block) => block.type)).toEqual(['richText', 'shopTable', 'richText']);
    expect(policy.blocks[1]).toEqual({ type: 'shopTable', table: 'review-rejection-reasons' });
    expect(JSON.stringify(policy.blocks).match(/"fact":"[^"]+"/g)).toEqual(
      ['reviews.text-min', 'reviews.text-max', 'shop.phone', 'shop.opening-hours', 'shop.email', 'shop.legal-name', 'shop.address'].map(
        (fact) => `"fact":"${fact}"`,
      ),
    );
  });

  it('include the privacy notice in the words the storefront carried, the company’s details and how long the shop keeps things as facts', async () => {
    const notice = await client().getPageData({ params: { slug: 'privacy' } });
    expect(() => checkPageDocument(notice)).not.toThrow();
    expect(notice).toMatchObject({
      title: 'Privacy notice',
      seoDescription: 'What Plumbline keeps about you, why, for how long, who else sees it, and your rights.',
      publishedAt: '2026-11-29T12:00:00.000Z',
    });
    const body = notice.blocks.flatMap((block) => (block.type === 'richText' ? block.body : []));
    expect(body.flatMap((node) => (node.kind === 'heading' ? [node.text] : []))).toEqual([
      'Who we are',
      'What we keep, and why',
      'What we do not do',
      'Who else sees it',
      'How long we keep it',
      'Your rights',
      'Cookies',
    ]);
    const table = body.find((node) => node.kind === 'table');
    expect(table).toMatchObject({ caption: 'What we keep, why, and the lawful basis', head: ['What', 'Why', 'Lawful basis'] });
    expect(table?.kind === 'table' && table.rows.map((row) => row[2])).toContain('Consent, which you can withdraw with the link in every newsletter');
    const facts = [...JSON.stringify(notice.blocks).matchAll(/"fact":"([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(facts)).toEqual(
      new Set([
        'shop.legal-name',
        'shop.trading-name',
        'shop.registered-in',
        'shop.company-number',
        'shop.address',
        'shop.vat-number',
        'shop.phone',
        'shop.opening-hours',
        'shop.email',
        'keeping.saved-basket-days',
        'keeping.unconfirmed-signup-days',
      ]),
    );
  });

  it('include the cookie notice in the words the storefront carried, its lists of cookies and storage the shop’s own tables', async () => {
    const notice = await client().getPageData({ params: { slug: 'cookies' } });
    expect(() => checkPageDocument(notice)).not.toThrow();
    expect(notice).toMatchObject({ title: 'Cookie notice', publishedAt: '2026-11-29T12:00:00.000Z' });
    expect(notice.blocks.flatMap((block) => (block.type === 'shopTable' ? [block.table] : []))).toEqual([
      'shop-cookies',
      'payment-provider-cookies',
      'shop-browser-storage',
      'optional-browser-storage',
    ]);
    const headings = notice.blocks.flatMap((block) =>
      block.type === 'richText' ? block.body.flatMap((node) => (node.kind === 'heading' ? [node.text] : [])) : [],
    );
    expect(headings).toEqual(['In short', 'Cookies', 'Browser storage', 'Your choices']);
    expect(JSON.stringify(notice.blocks)).not.toMatch(/shop_session|__stripe/);
  });

  it('include the terms of sale in the words the storefront carried: the shop’s details and figures as facts, anchors kept, a quoted form', async () => {
    const terms = await client().getPageData({ params: { slug: 'terms' } });
    expect(() => checkPageDocument(terms)).not.toThrow();
    expect(terms).toMatchObject({
      title: 'Terms of sale',
      seoDescription: 'The terms you buy from Plumbline on: orders, prices, delivery, cancelling and returns, and your rights.',
      publishedAt: '2026-11-29T12:00:00.000Z',
    });
    const body = terms.blocks.flatMap((block) => (block.type === 'richText' ? block.body : []));
    const headings = body.flatMap((node) => (node.kind === 'heading' ? [[node.anchor, node.text]] : []));
    expect(headings.map(([anchor]) => anchor)).toEqual([
      'about-us',
      'these-terms',
      'your-order',
      'prices-and-payment',
      'delivery',
      'cancel-before-dispatch',
      'right-to-cancel',
      'returns',
      'faulty-goods',
      'recycling',
      'our-responsibility',
      'business-customers',
      'complaints',
      'law',
      'cancellation-form',
    ]);
    expect(headings).toContainEqual(['returns', 'Our {returns.change-of-mind-days}-day returns']);
    const quote = body.at(-1);
    expect(quote?.kind === 'quote' && quote.paragraphs.map((line) => line.map((run) => run.fact ?? run.text).join(''))).toEqual([
      'To shop.legal-name, shop.address, shop.email:',
      'I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*],',
      'Ordered on [*] / received on [*],',
      'Name of consumer(s),',
      'Address of consumer(s),',
      'Signature of consumer(s) (only if this form is sent on paper),',
      'Date',
      '[*] Delete as appropriate.',
    ]);
    const json = JSON.stringify(terms.blocks);
    expect([...json.matchAll(/"href":"(#[^"]+)"/g)].map((match) => match[1])).toEqual(['#business-customers', '#cancellation-form']);
    expect(json).toContain('{"fact":"delivery.large-item-price","text":"£29.95"},{"text":" for standard large-item delivery), and we can arrange');
    expect(contentFactText('delivery.large-item-price', null)).toBe('£29.95');
    const facts = new Set([...json.matchAll(/"fact":"([^"]+)"/g)].map((match) => match[1]));
    expect(facts).toEqual(
      new Set(
        ['shop.trading-name', 'shop.legal-name', 'shop.registered-in', 'shop.company-number', 'shop.address', 'shop.vat-number']
          .concat(['shop.phone', 'shop.opening-hours', 'shop.email', 'delivery.damage-report-hours', 'delivery.missing-report-days'])
          .concat(['returns.cancellation-days', 'returns.send-back-days', 'returns.refund-within-days', 'returns.change-of-mind-days'])
          .concat(['delivery.large-item-price', 'weee.take-back-days']),
      ),
    );
  });

  it('holds quotations and headings with anchors, which links within the page lead to, as staff typed them', async () => {
    const blocks: ContentBlock[] = [
      {
        type: 'richText',
        body: [
          {
            kind: 'paragraph',
            content: [{ text: 'Use the ' }, { text: 'form', href: '#the-form' }, { text: ' or read ' }, { text: 'why', href: '#why-cancel' }],
          },
          { kind: 'heading', level: 2, text: 'Why cancel' },
          { kind: 'heading', level: 3, text: 'The form', anchor: 'the-form' },
          { kind: 'quote', paragraphs: [[{ text: 'To ' }, { text: 'us', fact: 'shop.legal-name' }, { text: ':' }], [{ text: 'Date', italic: true }]] },
        ],
      },
      { type: 'faq', heading: 'Questions', items: [{ question: 'Where?', answer: [{ kind: 'paragraph', content: [{ text: 'Here', href: '#the-form' }] }] }] },
    ];
    const { slug, version } = await newPage();
    await client('edith').publishPage({ params: { slug }, body: { version, page: page('Quoted', blocks) } });
    expect((await client().getPageData({ params: { slug } })).blocks).toEqual(blocks);
  });

  it('is made as a draft, not shown until published, then shown by both spec calls with its SEO words', async () => {
    const draft = await client('edith').createPage({ body: { slug: 'Every-Block', page: page('Every block', everyBlock) } });
    expect(draft).toMatchObject({ slug: 'every-block', version: 1, draftRevision: 1, published: null, scheduled: null });
    expect(draft.revisions).toEqual([{ revision: 1, action: 'created', by: 'Edith Editor', at: now.toISOString(), summary: 'Every block', publishAt: null }]);
    expect(await failure(client().getPageData({ params: { slug: 'every-block' } }))).toMatchObject({ status: 404, code: 'CONTENT_PAGE_NOT_FOUND' });

    const published = await client('edith').publishPage({ params: { slug: 'every-block' }, body: { version: 1 } });
    expect(published).toMatchObject({ version: 2, published: { revision: 2, at: now.toISOString() } });
    const shown = await client().getPageData({ params: { slug: 'EVERY-block' } });
    expect(shown).toMatchObject({ slug: 'every-block', title: 'Every block', seoTitle: 'Every block | Plumbline', revision: 2, preview: 'published' });
    expect(shown.blocks).toEqual(everyBlock);
    expect(await client().getPage({ params: { slug: 'every-block' } })).toEqual(shown);
  });

  it('keeps showing what is published while a draft is saved, which content editors can preview', async () => {
    const { slug, version } = await newPage();
    const saved = await client('eddie').savePageDraft({ params: { slug }, body: { version, page: page('Changed title') } });
    expect(saved.revisions.map((revision) => [revision.revision, revision.action, revision.by])).toEqual([
      [3, 'saved', 'Eddie Editor'],
      [2, 'published', 'Edith Editor'],
      [1, 'created', 'Edith Editor'],
    ]);
    expect((await client().getPageData({ params: { slug } })).title).not.toBe('Changed title');
    expect(await client('eddie').getPageData({ params: { slug }, query: { preview: 'draft' } })).toMatchObject({
      title: 'Changed title',
      preview: 'draft',
      revision: 3,
    });
    expect(await client('eddie').getPageData({ params: { slug }, query: { preview: '1' } })).toMatchObject({ preview: 'revision', revision: 1 });
    expect(await failure(client().getPageData({ params: { slug }, query: { preview: 'draft' } }))).toMatchObject({ status: 401 });
    expect(await failure(client('sam').getPageData({ params: { slug }, query: { preview: 'draft' } }))).toMatchObject({
      status: 403,
      code: 'CONTENT_PREVIEW_NOT_ALLOWED',
    });
    expect(await failure(client('eddie').getPageData({ params: { slug }, query: { preview: '99' } }))).toMatchObject({
      status: 404,
      code: 'CONTENT_REVISION_NOT_FOUND',
    });
  });

  it('is answered with an ETag as published, asked again every time, and a preview is one editor’s that no cache keeps', async () => {
    const { slug, version } = await newPage();
    await client('eddie').savePageDraft({ params: { slug }, body: { version, page: page('Draft only') } });
    const url = `${api.serviceUrl('site')}/api/pagedata/${slug}`;
    const published = await fetch(url);
    expect(published.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = published.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await fetch(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    // An editor's preview of the draft: never marked public, however it is asked.
    const preview = await fetch(`${url}?preview=draft`, { headers: { authorization: 'Bearer eddie', 'if-none-match': etag } });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('etag')).toBeNull();
    expect(((await preview.json()) as { title: string }).title).toBe('Draft only');
  });

  it('restores an earlier version as a new draft, and publishing it shows it again', async () => {
    const { slug, version } = await newPage();
    const changed = await client('edith').publishPage({ params: { slug }, body: { version, page: page('Second') } });
    expect((await client().getPageData({ params: { slug } })).title).toBe('Second');
    const restored = await client('edith').restorePageRevision({ params: { slug }, body: { version: changed.version, revision: 1 } });
    expect(restored).toMatchObject({ version: changed.version + 1, draft: { title: expect.stringMatching(/^Page \d+$/) } });
    expect(restored.revisions[0]).toMatchObject({ action: 'restored', revision: changed.version + 1 });
    expect((await client().getPageData({ params: { slug } })).title).toBe('Second');
    await client('edith').publishPage({ params: { slug }, body: { version: restored.version } });
    expect((await client().getPageData({ params: { slug } })).title).toMatch(/^Page \d+$/);
  });

  it('publishes at the time scheduled, and the list says so until then', async () => {
    const { slug, version } = await newPage();
    const publishAt = new Date(now.getTime() + 60 * 60_000).toISOString();
    const scheduled = await client('edith').publishPage({ params: { slug }, body: { version, page: page('Tomorrow’s page'), publishAt } });
    expect(scheduled).toMatchObject({ scheduled: { revision: version + 1, at: publishAt } });
    expect((await client('edith').listContent()).pages.find((listed) => listed.slug === slug)).toMatchObject({ status: 'scheduled', scheduledFor: publishAt });
    expect((await client().getPageData({ params: { slug } })).title).not.toBe('Tomorrow’s page');
    later(61);
    expect((await client().getPageData({ params: { slug } })).title).toBe('Tomorrow’s page');
    expect((await client('edith').listContent()).pages.find((listed) => listed.slug === slug)).toMatchObject({ status: 'published', scheduledFor: null });
    expect(await failure(client('edith').publishPage({ params: { slug }, body: { version: version + 1, publishAt: '2020-01-01T00:00:00Z' } }))).toMatchObject({
      status: 422,
      code: 'CONTENT_SCHEDULE_IN_PAST',
    });
  });
});

describe('two editors publishing one page at once', () => {
  it('publish one of the two; the other is told with 409 and nothing of the first is lost', async () => {
    for (let round = 0; round < 5; round++) {
      const { slug, version } = await newPage();
      const results = await Promise.allSettled([
        client('edith').publishPage({ params: { slug }, body: { version, page: page('Edith’s words') } }),
        client('eddie').publishPage({ params: { slug }, body: { version, page: page('Eddie’s words') } }),
      ]);
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.filter((result) => result.status === 'rejected');
      expect([won.length, lost.length]).toEqual([1, 1]);
      expect(lost[0]!.reason).toMatchObject({ status: 409, code: 'CONTENT_CHANGED', data: { currentVersion: version + 1 } });
      const winner = won[0]!.value;
      const shown = await client().getPageData({ params: { slug } });
      expect(shown.title).toBe(winner.draft.title);
      const editing = await client('edith').getPageForEditing({ params: { slug } });
      expect(editing.revisions.map((revision) => revision.revision)).toEqual([version + 1, version, version - 1]);
    }
  });
});

describe('bad input is refused and changes nothing', () => {
  const refusals: [string, () => ContentPageInput, number, string][] = [
    ['an unknown block type', () => ({ ...page('Bad'), blocks: [{ type: 'video', src: '/v.mp4' }] }), 422, 'CONTENT_BLOCK_TYPE_UNKNOWN'],
    [
      '41 blocks',
      () =>
        page(
          'Long',
          Array.from({ length: 41 }, (_, i) => richText(`Block ${i}`)),
        ),
      422,
      'CONTENT_TOO_MANY_BLOCKS',
    ],
    ['a script in rich text', () => page('Script', [richText('Hello <script>alert(1)</script>')]), 422, 'CONTENT_MARKUP_NOT_ALLOWED'],
    ['an image tag in a heading', () => page('Img', [{ type: 'hero', heading: '<img src=x onerror=alert(1)>' }]), 422, 'CONTENT_MARKUP_NOT_ALLOWED'],
    [
      'a javascript: link',
      () => page('Link', [{ type: 'richText', body: [{ kind: 'paragraph', content: [{ text: 'Click', href: 'javascript:alert(1)' }] }] }]),
      422,
      'CONTENT_LINK_NOT_ALLOWED',
    ],
    [
      'a javascript: link hidden by a tab',
      () => page('Tab', [{ type: 'callToAction', heading: 'Go', linkLabel: 'Go', href: 'java\tscript:alert(1)' }]),
      422,
      'CONTENT_LINK_NOT_ALLOWED',
    ],
    ['a javascript: image address', () => page('Image', [{ type: 'image', src: 'javascript:alert(1)', alt: 'x' }]), 422, 'CONTENT_LINK_NOT_ALLOWED'],
    [
      'a data: image address',
      () => page('Data', [{ type: 'image', src: 'data:image/svg+xml,<svg onload=alert(1)>', alt: 'x' }]),
      422,
      'CONTENT_LINK_NOT_ALLOWED',
    ],
    [
      'a link to another site without https',
      () => page('Proto', [{ type: 'callToAction', heading: 'Go', linkLabel: 'Go', href: '//evil.example' }]),
      422,
      'CONTENT_LINK_NOT_ALLOWED',
    ],
    ['a hero without its heading', () => page('Empty', [{ type: 'hero', heading: '  ' }]), 422, 'CONTENT_INVALID'],
    ['a table the shop does not draw', () => ({ ...page('Table'), blocks: [{ type: 'shopTable', table: 'staff-salaries' }] }), 422, 'CONTENT_INVALID'],
    [
      'an anchor that is not lower-case words joined by hyphens',
      () => page('Anchor', [{ type: 'richText', body: [{ kind: 'heading', level: 2, text: 'Business', anchor: 'For Business' }] }]),
      422,
      'CONTENT_INVALID',
    ],
    [
      'two headings with one anchor, one in an FAQ answer',
      () =>
        page('Twice', [
          { type: 'richText', body: [{ kind: 'heading', level: 2, text: 'Form', anchor: 'form' }] },
          { type: 'faq', heading: 'Q', items: [{ question: 'Q?', answer: [{ kind: 'heading', level: 3, text: 'Also form', anchor: 'form' }] }] },
        ]),
      422,
      'CONTENT_ANCHOR_TAKEN',
    ],
    [
      'a heading anchored where the page’s main content is',
      () => page('Main', [{ type: 'richText', body: [{ kind: 'heading', level: 2, text: 'Main', anchor: 'main' }] }]),
      422,
      'CONTENT_ANCHOR_TAKEN',
    ],
    [
      'a link within the page to an anchor no heading has',
      () =>
        page('Nowhere', [
          { type: 'richText', body: [{ kind: 'heading', level: 2, text: 'Form' }] },
          {
            type: 'faq',
            heading: 'Q',
            items: [{ question: 'Q?', answer: [{ kind: 'paragraph', content: [{ text: 'The form', href: '#cancellation-form' }] }] }],
          },
        ]),
      422,
      'CONTENT_ANCHOR_MISSING',
    ],
    ['a quotation with no lines', () => page('Quote', [{ type: 'richText', body: [{ kind: 'quote', paragraphs: [] }] }]), 422, 'CONTENT_INVALID'],
    [
      'a script in a quotation',
      () => page('Quote', [{ type: 'richText', body: [{ kind: 'quote', paragraphs: [[{ text: '<script>alert(1)</script>' }]] }] }]),
      422,
      'CONTENT_MARKUP_NOT_ALLOWED',
    ],
    [
      'a javascript: link in a quotation',
      () => page('Quote', [{ type: 'richText', body: [{ kind: 'quote', paragraphs: [[{ text: 'Go', href: 'javascript:alert(1)' }]] }] }]),
      422,
      'CONTENT_LINK_NOT_ALLOWED',
    ],
    [
      'a javascript: second link in a hero',
      () => page('Second', [{ type: 'hero', heading: 'Go', secondaryLink: { label: 'Go', href: 'javascript:alert(1)' } }]),
      422,
      'CONTENT_LINK_NOT_ALLOWED',
    ],
  ];

  it.each(refusals)('%s', async (_, input, status, code) => {
    const { slug, version } = await newPage();
    const before = await client('edith').getPageForEditing({ params: { slug } });
    const error = await failure(client('edith').savePageDraft({ params: { slug }, body: { version, page: input() as ContentPageInput } }));
    expect(error).toMatchObject({ status, code });
    expect(error.message).not.toMatch(/zod|expected|invalid_/i);
    expect(await failure(client('edith').publishPage({ params: { slug }, body: { version, page: input() as ContentPageInput } }))).toMatchObject({
      status,
      code,
    });
    expect(await client('edith').getPageForEditing({ params: { slug } })).toEqual(before);
  });

  it('says which block is wrong and what to do, in words', async () => {
    const { slug, version } = await newPage();
    const missing = await failure(
      client('edith').savePageDraft({ params: { slug }, body: { version, page: page('X', [richText('Fine'), { type: 'hero', heading: '' }]) } }),
    );
    expect(missing.message).toBe('Block 2 (Hero): Enter the heading.');
    const unknown = await failure(
      client('edith').savePageDraft({ params: { slug }, body: { version, page: { ...page('X'), blocks: [{ type: 'marquee' }] } } }),
    );
    expect(unknown.message).toMatch(/^Block 1 is a "marquee", which pages cannot show\. Use one of these: hero, rich text, image/);
    const script = await failure(client('edith').savePageDraft({ params: { slug }, body: { version, page: page('X', [richText('<script>x</script>')]) } }));
    expect(script.message).toMatch(/^Block 1 \(Rich text\) contains HTML \(<script>\)\. Pages take words, not code/);
    const heading = (anchor: string) => ({ kind: 'heading' as const, level: 2 as const, text: 'Form', anchor });
    const badAnchor = await failure(
      client('edith').savePageDraft({ params: { slug }, body: { version, page: page('X', [{ type: 'richText', body: [heading('Form!')] }]) } }),
    );
    expect(badAnchor.message).toBe(
      'Block 1 (Rich text): A heading’s anchor must be lower-case letters, numbers and single hyphens, starting with a letter, like business-customers.',
    );
    expect(badAnchor.data).toMatchObject({ errors: [{ path: 'body.page.blocks.0.body.0.anchor' }] });
    const taken = await failure(
      client('edith').savePageDraft({
        params: { slug },
        body: { version, page: page('X', [richText('Fine'), { type: 'richText', body: [heading('form'), heading('form')] }]) },
      }),
    );
    expect(taken.message).toBe(
      'Block 2 (Rich text) has a heading with the anchor "form", which another heading on this page already has. Give each heading its own anchor.',
    );
    expect(taken.data).toMatchObject({ errors: [{ path: 'body.page.blocks.1.body.1.anchor', code: 'content_anchor_taken' }] });
    const nowhere = await failure(
      client('edith').savePageDraft({
        params: { slug },
        body: { version, page: page('X', [{ type: 'richText', body: [{ kind: 'paragraph', content: [{ text: 'See', href: '#form' }] }] }]) },
      }),
    );
    expect(nowhere.message).toBe(
      'Block 1 (Rich text) links to "#form", but no heading on this page has that anchor. ' +
        'Give the heading it should lead to that anchor (type {#form} after the heading’s words), or change the link.',
    );
    expect(nowhere.data).toMatchObject({ errors: [{ path: 'body.page.blocks.0.body.0.content.0.href', code: 'content_anchor_missing' }] });
  });

  it('an unknown page is a 404 that says where to look; a page of that address cannot be made twice', async () => {
    const missing = await failure(client().getPageData({ params: { slug: 'no-such-page' } }));
    expect(missing).toMatchObject({ status: 404, code: 'CONTENT_PAGE_NOT_FOUND' });
    expect(missing.message).toMatch(/help centre or the search box/);
    expect(await failure(client().getPage({ params: { slug: 'no-such-page' } }))).toMatchObject({ status: 404 });
    const { slug } = await newPage();
    expect(await failure(client('edith').createPage({ body: { slug, page: page('Twice') } }))).toMatchObject({ status: 409, code: 'CONTENT_SLUG_TAKEN' });
    expect(await failure(client('edith').createPage({ body: { slug: 'Not a slug!', page: page('Bad') } }))).toMatchObject({
      status: 400,
      code: 'CONTENT_SLUG_INVALID',
    });
  });

  it('editing is for content editors only: 401 signed out, 403 for shoppers and other staff', async () => {
    const { slug, version } = await newPage();
    const calls: ((c: SiteContentClient) => Promise<unknown>)[] = [
      (c) => c.listContent(),
      (c) => c.createPage({ body: { slug: 'by-someone-else', page: page('Nope') } }),
      (c) => c.getPageForEditing({ params: { slug } }),
      (c) => c.savePageDraft({ params: { slug }, body: { version, page: page('Nope') } }),
      (c) => c.publishPage({ params: { slug }, body: { version } }),
      (c) => c.restorePageRevision({ params: { slug }, body: { version, revision: 1 } }),
      (c) => c.saveGlobalItem({ body: { id: 'announcement-bar', version: 0, content: { text: 'Nope' } } }),
      (c) => c.getGlobalItemForEditing({ params: { id: 'announcement-bar' } }),
    ];
    for (const call of calls) {
      expect((await failure(call(client()))).status).toBe(401);
      for (const who of ['sam', 'otto']) expect(await failure(call(client(who)))).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    }
    expect((await client('edith').getPageForEditing({ params: { slug } })).version).toBe(version);
    expect((await client().getGlobalItem({ params: { id: 'announcement-bar' } })).showing).toBe(false);
  });
});

describe('global items', () => {
  it('show an announcement bar from its start to its end, each save a version with who made it', async () => {
    const bar = client().getGlobalItem;
    expect(await bar({ params: { id: 'announcement-bar' } })).toEqual({ id: 'announcement-bar', showing: false, content: null, changesAt: null });
    const startsAt = new Date(now.getTime() + 30 * 60_000).toISOString();
    const endsAt = new Date(now.getTime() + 90 * 60_000).toISOString();
    const content = { text: 'Free delivery this weekend', linkLabel: 'Delivery', href: '/help/delivery' };
    const saved = await client('edith').saveGlobalItem({ body: { id: 'announcement-bar', version: 0, content, startsAt, endsAt } });
    expect(saved).toMatchObject({
      version: 1,
      showing: false,
      updatedBy: 'Edith Editor',
      revisions: [{ revision: 1, action: 'scheduled', publishAt: startsAt }],
    });
    expect(await bar({ params: { id: 'announcement-bar' } })).toEqual({ id: 'announcement-bar', showing: false, content: null, changesAt: startsAt });
    later(31);
    expect(await bar({ params: { id: 'ANNOUNCEMENT-BAR' } })).toEqual({ id: 'announcement-bar', showing: true, content, changesAt: endsAt });
    later(60);
    expect((await bar({ params: { id: 'announcement-bar' } })).showing).toBe(false);

    const again = await client('eddie').saveGlobalItem({ body: { id: 'announcement-bar', version: 1, content: { text: 'Now on' } } });
    expect(again).toMatchObject({ version: 2, showing: true, startsAt: null, endsAt: null, revisions: [{ by: 'Eddie Editor' }, { by: 'Edith Editor' }] });
    expect((await bar({ params: { id: 'announcement-bar' } })).content).toEqual({ text: 'Now on' });
    expect(await failure(client('edith').saveGlobalItem({ body: { id: 'announcement-bar', version: 1, content: { text: 'Stale' } } }))).toMatchObject({
      status: 409,
      code: 'CONTENT_CHANGED',
    });
    expect((await bar({ params: { id: 'announcement-bar' } })).content).toEqual({ text: 'Now on' });
  });

  it('hold footer columns and delivery promises, listed for the editor', async () => {
    const columns = [{ heading: 'Help', links: [{ label: 'Delivery', href: '/help/delivery' }] }];
    // The shop's own footer columns are written by migration 0057: changed from the version there.
    const { version } = await client('edith').getGlobalItemForEditing({ params: { id: 'footer-columns' } });
    await client('edith').saveGlobalItem({ body: { id: 'footer-columns', version, content: { columns } } });
    // The home page's promises are written by migration 0080, in the words the home page drew from code, each figure a fact.
    const promised = await client().getGlobalItem({ params: { id: 'delivery-promises' } });
    const shopPromises = (promised.content as { promises: { heading: string; text: string; href?: string }[] }).promises;
    expect(shopPromises.map((promise) => [promise.heading, promise.href])).toEqual([
      ['Free delivery over {delivery.free-large-over}', '/help/delivery'],
      ['{returns.change-of-mind-days}-day returns', '/help/returns'],
      ['Track your order', '/track-order'],
      ['Free WEEE recycling', '/help/weee-recycling'],
    ]);
    expect(withContentFacts(shopPromises[0]!.text, null)).toBe(
      `To most of mainland UK. Parcels go free over ${formatPenceShort(FREE_PARCEL_DELIVERY_THRESHOLD)}.`,
    );
    const promisesVersion = (await client('edith').getGlobalItemForEditing({ params: { id: 'delivery-promises' } })).version;
    await client('edith').saveGlobalItem({
      body: { id: 'delivery-promises', version: promisesVersion, content: { promises: [{ heading: 'Free delivery', text: 'On orders over £50' }] } },
    });
    expect((await client().getGlobalItem({ params: { id: 'delivery-promises' } })).content).toEqual({
      promises: [{ heading: 'Free delivery', text: 'On orders over £50' }],
    });
    expect((await client().getGlobalItem({ params: { id: 'footer-columns' } })).content).toEqual({ columns });
    const listed = (await client('edith').listContent()).globalItems.map((item) => [item.id, item.name, item.version]);
    expect(listed).toEqual(
      expect.arrayContaining([
        ['footer-columns', 'Footer columns', version + 1],
        ['delivery-promises', 'Delivery promises', promisesVersion + 1],
      ]),
    );
  });

  it('refuse an unknown item, content of another kind, script, a javascript: link and an end before the start', async () => {
    expect(await failure(client().getGlobalItem({ params: { id: 'sidebar' } }))).toMatchObject({ status: 404, code: 'GLOBAL_ITEM_NOT_FOUND' });
    const save = (body: Parameters<SiteContentClient['saveGlobalItem']>[0]['body']) => failure(client('edith').saveGlobalItem({ body }));
    expect(await save({ id: 'sidebar', version: 0, content: { text: 'x' } })).toMatchObject({ status: 404, code: 'GLOBAL_ITEM_NOT_FOUND' });
    expect(await save({ id: 'footer-columns', version: 1, content: { text: 'Not columns' } })).toMatchObject({ status: 422, code: 'CONTENT_INVALID' });
    expect(await save({ id: 'delivery-promises', version: 1, content: { promises: [{ heading: '<script>x</script>', text: 'x' }] } })).toMatchObject({
      status: 422,
      code: 'CONTENT_MARKUP_NOT_ALLOWED',
    });
    expect(
      await save({ id: 'delivery-promises', version: 1, content: { promises: [{ heading: 'x', text: 'x', href: 'javascript:alert(1)' }] } }),
    ).toMatchObject({
      status: 422,
      code: 'CONTENT_LINK_NOT_ALLOWED',
    });
    expect(
      await save({
        id: 'delivery-promises',
        version: 1,
        content: { promises: [{ heading: 'x', text: 'x' }] },
        startsAt: now.toISOString(),
        endsAt: now.toISOString(),
      }),
    ).toMatchObject({
      status: 422,
      code: 'GLOBAL_ITEM_SCHEDULE_INVALID',
    });
  });
});

describe('the shop’s own information pages and footer (migration 0057)', () => {
  const textOf = (shown: ContentPage) =>
    shown.blocks
      .flatMap((block) => (block.type === 'richText' ? block.body : []))
      .flatMap((node) => (node.kind === 'paragraph' ? [node.content] : node.kind === 'list' ? node.items : []))
      .map((runs) => runs.map((run) => (run.fact ? contentFactText(run.fact, null) : run.text)).join(''))
      .join('\n');

  it('are published, pass the checks pages are held to, and state the policy’s windows as facts drawn from it', async () => {
    const returns = await client().getPageData({ params: { slug: 'returns' } });
    const weee = await client().getPageData({ params: { slug: 'weee-recycling' } });
    for (const shown of [returns, weee]) expect(() => checkPageDocument(shown)).not.toThrow();
    expect(textOf(returns)).toContain(`You have ${CHANGE_OF_MIND_RETURN_DAYS} days from delivery to return items`);
    expect(textOf(returns)).toContain(`We refund you within ${REFUND_WITHIN_DAYS} days of getting the item back`);
    expect(textOf(returns)).toContain(
      `until ${CANCELLATION_PERIOD_DAYS} days after the day it is delivered, and then have ${SEND_BACK_WITHIN_DAYS} days to send`,
    );
    expect(textOf(returns)).toContain(`Report damage within ${DAMAGE_REPORT_HOURS} hours and missing items within ${MISSING_REPORT_DAYS} days of delivery`);
    expect(textOf(weee)).toContain(`You have ${WEEE_TAKE_BACK_DAYS} days from your purchase`);
    expect(weee.blocks[0]).toMatchObject({ type: 'image', src: '/images/weee-crossed-out-bin.svg', alt: 'Crossed-out wheeled bin symbol' });
  });
});

describe('the delivery and trade accounts help pages (migration 0077)', () => {
  const runsText = (runs: readonly { text: string; fact?: Parameters<typeof contentFactText>[0] }[]) =>
    runs.map((run) => (run.fact ? contentFactText(run.fact, null) : run.text)).join('');
  const wordsOf = (shown: ContentPage) =>
    shown.blocks
      .flatMap((block) => (block.type === 'richText' ? block.body : []))
      .map((node) =>
        node.kind === 'heading'
          ? `## ${node.text}`
          : node.kind === 'paragraph'
            ? runsText(node.content)
            : node.kind === 'list'
              ? node.items.map(runsText).join('\n')
              : '',
      )
      .join('\n');

  it('are published in the words the storefront carried, their tables drawn by the shop and their figures facts; the spec’s call serves them too', async () => {
    const delivery = await client().getPageData({ params: { slug: 'delivery' } });
    const trade = await client().getPageData({ params: { slug: 'trade-accounts' } });
    for (const shown of [delivery, trade]) {
      expect(() => checkPageDocument(shown)).not.toThrow();
      expect(shown.preview).toBe('published');
      expect(await client().getPage({ params: { slug: shown.slug } })).toEqual(shown);
    }
    expect(delivery).toMatchObject({ title: 'Delivery information', seoDescription: 'Delivery options, prices, cut-off times and large-item delivery.' });
    expect(delivery.blocks.map((block) => (block.type === 'shopTable' ? block.table : block.type))).toEqual([
      'richText',
      'delivery-options',
      'richText',
      'remote-delivery-areas',
    ]);
    const deliveryWords = wordsOf(delivery);
    expect(deliveryWords).toMatch(/^We deliver across mainland Great Britain\. .*\n## Delivery options and prices\nOrders placed at the weekend/);
    expect(deliveryWords).toContain(`Saturday delivery needs your order by ${contentFactText('delivery.saturday-cut-off', null)} on Friday.`);
    expect(deliveryWords).toContain(`Tell us about damage within ${DAMAGE_REPORT_HOURS} hours, and about missing items within ${MISSING_REPORT_DAYS} days.`);
    expect(deliveryWords).toMatch(/## Large and heavy items\n.*\n## Check before you sign\n(.*\n){3}## Highlands, islands and Northern Ireland$/);

    expect(trade).toMatchObject({ title: 'Trade accounts' });
    expect(trade.blocks.map((block) => (block.type === 'shopTable' ? block.table : block.type))).toEqual(['richText', 'trade-bands', 'richText']);
    const tradeWords = wordsOf(trade);
    expect(tradeWords).toContain('and other trades. Open a trade account.\n## Trade bands\nYour band’s discount comes off the ex-VAT price');
    expect(tradeWords).toContain(`Optionally, up to ${TRADE_APPLICATION_MAX_DOCUMENTS} documents that show you trade`);
    expect(tradeWords).toMatch(/## Applying\n(.*\n){5}You need a Plumbline account to apply\..*\n## Trade terms\nTrade orders are placed on our trade terms/);
    const links = JSON.stringify(trade.blocks).match(/"href":"[^"]+"/g);
    expect(links).toEqual(['"href":"/trade/apply"', '"href":"/trade/application"', '"href":"/trade/terms"']);
  });

  it('are edited like any page, and the shop’s own table is refused on the home page', async () => {
    const editing = await client('edith').getPageForEditing({ params: { slug: 'delivery' } });
    const [intro, ...rest] = editing.draft.blocks;
    const saved = await client('edith').publishPage({
      params: { slug: 'delivery' },
      body: { version: editing.version, page: { ...editing.draft, blocks: [richText('We deliver everywhere we can.'), ...rest] } },
    });
    expect((await client().getPageData({ params: { slug: 'delivery' } })).blocks[0]).toEqual(richText('We deliver everywhere we can.'));
    await client('edith').publishPage({
      params: { slug: 'delivery' },
      body: { version: saved.version, page: { ...editing.draft, blocks: [intro!, ...rest] } },
    });

    const home = await client('edith').getPageForEditing({ params: { slug: 'home' } });
    const table = { ...home.draft, blocks: [...home.draft.blocks, { type: 'shopTable', table: 'delivery-options' }] };
    expect(await failure(client('edith').savePageDraft({ params: { slug: 'home' }, body: { version: home.version, page: table } }))).toMatchObject({
      status: 422,
      code: 'CONTENT_BLOCK_NOT_ON_HOME_PAGE',
    });
  });
});

describe('the home page (migration 0075)', () => {
  const home = async () => client().getPageData({ params: { slug: 'home' } });

  it('is published in the storefront’s words and order, passes the checks pages are held to, and states its figures as facts', async () => {
    const shown = await home();
    expect(() => checkPageDocument(shown)).not.toThrow();
    expect(shown).toMatchObject({ slug: 'home', title: 'Home page', seoTitle: 'Plumbline', preview: 'published' });
    expect(shown.blocks.map((block) => block.type)).toEqual(['hero', 'categoryTiles', 'productCarousel', 'productCarousel']);
    const [hero, tiles, bestSellers, newIn] = shown.blocks;
    expect(hero).toMatchObject({
      eyebrow: 'Bathrooms · Heating · Plumbing',
      heading: 'Everything for a better bathroom',
      linkLabel: 'Shop by category',
      href: '#shop-by-category',
      secondaryLink: { label: 'Track an order', href: '/track-order' },
    });
    expect(withContentFacts(hero?.type === 'hero' ? (hero.text ?? '') : '', null)).toBe(
      'Suites, showers, radiators and every fitting to finish the job, for homeowners and the trade. ' +
        `Delivered across the UK, with ${CHANGE_OF_MIND_RETURN_DAYS} days to change your mind.`,
    );
    expect(withContentFacts(shown.seoDescription, null)).toContain(`Free delivery over ${formatPenceShort(FREE_LARGE_DELIVERY_THRESHOLD)} to most`);
    // No departments named: every department, as the menu has them.
    expect(tiles).toEqual({ type: 'categoryTiles', heading: 'Shop by category', text: 'From full suites to the last push-fit elbow.', categorySlugs: [] });
    expect(bestSellers).toMatchObject({ heading: 'Best sellers', source: { kind: 'personalised', carousel: 'best-sellers' } });
    expect(newIn).toMatchObject({ heading: 'New in', source: { kind: 'personalised', carousel: 'new-in' } });
  });

  it('is edited like any page: a new hero heading shows once published; a carousel the shop does not have, or an article’s block, is refused', async () => {
    const editing = await client('edith').getPageForEditing({ params: { slug: 'home' } });
    const [hero, ...rest] = editing.draft.blocks;
    const changed = { ...editing.draft, blocks: [{ ...hero!, heading: 'Spring bathroom sale' }, ...rest] };
    const unknownCarousel = {
      ...changed,
      blocks: [...changed.blocks, { type: 'productCarousel', heading: 'Mine', source: { kind: 'personalised', carousel: 'mine' } }],
    };
    const refused = await failure(client('edith').savePageDraft({ params: { slug: 'home' }, body: { version: editing.version, page: unknownCarousel } }));
    expect(refused.status).toBe(422);
    expect(refused.message).toBe('Block 5 (Product carousel): Choose one of the shop’s own carousels.');
    const article = { ...changed, blocks: [...changed.blocks, richText('An article’s words.')] };
    const notHome = await failure(client('edith').savePageDraft({ params: { slug: 'home' }, body: { version: editing.version, page: article } }));
    expect(notHome).toMatchObject({ status: 422, code: 'CONTENT_BLOCK_NOT_ON_HOME_PAGE' });
    expect(notHome.message).toBe(
      'Block 5 (Rich text) is not one the home page shows. ' +
        'Use hero, category tiles, product carousel, promotion banner or call to action, or put it on a page of its own and link to it.',
    );
    const saved = await client('edith').savePageDraft({ params: { slug: 'home' }, body: { version: editing.version, page: changed } });
    expect((await home()).blocks[0]).toMatchObject({ heading: 'Everything for a better bathroom' });
    await client('edith').publishPage({ params: { slug: 'home' }, body: { version: saved.version } });
    expect((await home()).blocks[0]).toMatchObject({ type: 'hero', heading: 'Spring bathroom sale', eyebrow: 'Bathrooms · Heating · Plumbing' });
  });
});

describe('published pages kept by each instance', () => {
  it('are forgotten on a content notice: a page published outside this instance’s calls is shown once the notice is heard', async () => {
    const { slug } = await newPage();
    const heard = api.app.platform.changes.heard().content;
    const first = await client().getPageData({ params: { slug } });
    // Another instance publishing: the rows change and the notice comes by the database, not through this app's calls.
    const editing = await client('edith').publishPage({ params: { slug }, body: { version: first.revision, page: page('Published elsewhere') } });
    expect(editing.published?.revision).toBe(first.revision + 1);
    await expect.poll(() => api.app.platform.changes.heard().content).toBeGreaterThan(heard);
    expect((await client().getPageData({ params: { slug } })).title).toBe('Published elsewhere');
  });
});

describe('taking a page off the shop', () => {
  it('unpublishes: the page is a 404, the published slugs leave it out on every instance, and publishing again brings it back', async () => {
    const { slug } = await newPage();
    const draftOnly = await newPage({ publish: false });
    const before = await client().getPublishedPages();
    expect(before.slugs).toEqual(expect.arrayContaining(['about', slug]));
    expect(before.slugs).not.toContain(draftOnly.slug);

    const heard = api.app.platform.changes.heard().content;
    const editing = await client('edith').getPageForEditing({ params: { slug } });
    const off = await client('edith').unpublishPage({ params: { slug }, body: { version: editing.version } });
    expect(off).toMatchObject({ version: editing.version + 1, published: null, scheduled: null });
    expect(off.revisions[0]).toMatchObject({ action: 'unpublished', by: 'Edith Editor' });
    await expect.poll(() => api.app.platform.changes.heard().content).toBeGreaterThan(heard);
    expect(await failure(client().getPageData({ params: { slug } }))).toMatchObject({ status: 404, code: 'CONTENT_PAGE_NOT_FOUND' });
    expect((await client().getPublishedPages()).slugs).not.toContain(slug);
    expect((await client('edith').listContent()).pages.find((listed) => listed.slug === slug)?.status).toBe('draft');

    await client('edith').publishPage({ params: { slug }, body: { version: off.version } });
    expect((await client().getPublishedPages()).slugs).toContain(slug);
    expect((await client().getPageData({ params: { slug } })).slug).toBe(slug);
  });

  it('counts a scheduled page once its time comes, and drops a schedule when it is unpublished', async () => {
    const created = await newPage({ publish: false });
    const scheduled = await client('edith').publishPage({
      params: { slug: created.slug },
      body: { version: created.version, publishAt: new Date(now.getTime() + 60 * 60_000).toISOString() },
    });
    expect((await client().getPublishedPages()).slugs).not.toContain(created.slug);
    later(61);
    expect((await client().getPublishedPages()).slugs).toContain(created.slug);
    const off = await client('edith').unpublishPage({ params: { slug: created.slug }, body: { version: scheduled.version } });
    expect(off).toMatchObject({ published: null, scheduled: null });
  });

  it('refuses a page that is not on the shop, one changed meanwhile, and anyone but a content editor, changing nothing', async () => {
    const draftOnly = await newPage({ publish: false });
    expect(await failure(client('edith').unpublishPage({ params: { slug: draftOnly.slug }, body: { version: draftOnly.version } }))).toMatchObject({
      status: 409,
      code: 'CONTENT_NOT_PUBLISHED',
    });
    const { slug, version } = await newPage();
    expect(await failure(client('edith').unpublishPage({ params: { slug }, body: { version: version - 1 } }))).toMatchObject({
      status: 409,
      code: 'CONTENT_CHANGED',
    });
    expect(await failure(client('sam').unpublishPage({ params: { slug }, body: { version } }))).toMatchObject({ status: 403 });
    expect(await failure(client().unpublishPage({ params: { slug }, body: { version } }))).toMatchObject({ status: 401 });
    expect((await client().getPageData({ params: { slug } })).slug).toBe(slug);
    expect((await client('edith').getPageForEditing({ params: { slug } })).version).toBe(version);
  });
});
