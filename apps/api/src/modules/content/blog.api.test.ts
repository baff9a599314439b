import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlogClient, createBlogEditorClient, createSiteContentClient, type BlogClient, type BlogEditorClient } from '@shop/api-client';
import type { BlogPostInput, ContentBlock } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';

/**
 * The blog through real HTTP on a real database (PostgreSQL in the api-postgres project): staff make
 * and publish posts with the content editor's calls, shoppers read them with the spec's `POST /Blogs`,
 * and each bad input is a 4xx that changes nothing. The clock is the test's, so dates are set, never waited for.
 */
let api: TestApi;
let now = new Date('2026-10-01T09:00:00Z');
const actors: Record<string, Actor> = {
  edith: { userId: 'user-edith', name: 'Edith Editor', roles: ['content-editor'] },
  eddie: { userId: 'user-eddie', name: 'Eddie Editor', roles: ['content-editor'] },
  sam: { userId: 'user-sam', name: 'Sam Shopper', roles: ['shopper'] },
  olly: { userId: 'user-olly', name: 'Olly Orders', roles: ['order-admin'] },
};
const blog = (who?: string): BlogClient => createBlogClient({ baseUrl: api.serviceUrl('content'), getAccessToken: () => who });
const editor = (who?: string): BlogEditorClient => createBlogEditorClient({ baseUrl: api.serviceUrl('site'), getAccessToken: () => who });

const paragraph = (words: string): ContentBlock => ({ type: 'richText', body: [{ kind: 'paragraph', content: [{ text: words }] }] });
const post = (title: string, extra: Partial<BlogPostInput> = {}): BlogPostInput => ({
  title,
  seoTitle: `${title} | Plumbline`,
  seoDescription: `All about ${title.toLowerCase()}.`,
  summary: `A short guide to ${title.toLowerCase()}.`,
  author: 'Priya Shah',
  heroImage: { src: '/images/blog/small-bathroom.svg', alt: 'A small bathroom with a wall-hung basin' },
  category: 'how-to',
  tags: ['small-bathrooms'],
  relatedSkus: [],
  blocks: [paragraph(`${title} words.`)],
  ...extra,
});

let made = 0;
/** A post of its own for each test, published a day after the last unless asked not to. */
async function newPost(extra: Partial<BlogPostInput> = {}, options: { publish?: boolean } = {}) {
  made += 1;
  const slug = `test-post-${made}`;
  const created = await editor('edith').createPost({ body: { slug, post: post(`Post ${made}`, extra) } });
  if (options.publish === false) return created;
  now = new Date(now.getTime() + 86_400_000);
  return editor('edith').publishPost({ params: { slug }, body: { version: created.version } });
}

beforeAll(async () => {
  api = await startTestApi({
    seed: false,
    clock: { now: () => now },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
});
afterAll(() => api?.close());

describe('a blog post', () => {
  it('is made as a draft of typed blocks with related products, then read by slug with its date and reading time', async () => {
    const hundredAndFifty = { kind: 'paragraph' as const, content: [{ text: Array.from({ length: 150 }, (_, index) => `word${index}`).join(' ') }] };
    const blocks: ContentBlock[] = [
      { type: 'richText', body: [{ kind: 'heading', level: 2, text: 'Before you start' }, hundredAndFifty, hundredAndFifty, hundredAndFifty] },
      { type: 'productCarousel', heading: 'What you need', source: { kind: 'skus', skus: ['PL000101-1'] } },
    ];
    const created = await editor('edith').createPost({
      body: { slug: 'Tile-A-Splashback', post: post('Tile a splashback', { blocks, relatedSkus: ['PL000101-1'], tags: ['tiling', 'tiling'] }) },
    });
    expect(created).toMatchObject({ slug: 'tile-a-splashback', version: 1, published: null, draft: { category: 'how-to', tags: ['tiling'] } });
    expect(await failure(blog().getBlogs({ body: { blogData: { slug: 'tile-a-splashback' } } }))).toMatchObject({
      status: 404,
      code: 'BLOG_POST_NOT_FOUND',
    });
    expect((await blog('eddie').getBlogs({ body: { blogData: { slug: 'tile-a-splashback', preview: 'draft' } } })).post).toMatchObject({
      preview: 'draft',
      publishedAt: null,
    });

    const published = await editor('edith').publishPost({ params: { slug: 'tile-a-splashback' }, body: { version: 1 } });
    expect(published.revisions.map((revision) => revision.action)).toEqual(['published', 'created']);
    const { post: shown, list } = await blog().getBlogs({ body: { blogData: { slug: 'TILE-A-SPLASHBACK' } } });
    expect(list).toBeNull();
    // 450 words of body and a dozen of title, heading and summary, at 200 a minute: 3 minutes.
    expect(shown).toMatchObject({ slug: 'tile-a-splashback', title: 'Tile a splashback', readingMinutes: 3, publishedAt: now.toISOString(), blocks });
    expect(shown?.relatedSkus).toEqual(['PL000101-1']);
  });

  it('answers the blog with an ETag, asked again every time, and a post’s preview as one editor’s that no cache keeps', async () => {
    const url = `${api.serviceUrl('content')}/Blogs`;
    const ask = (blogData: object, headers: Record<string, string> = {}) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ blogData }) });
    const listed = await ask({});
    expect(listed.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = listed.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect((await ask({}, { 'if-none-match': etag })).status).toBe(304);
    const slug = ((await listed.json()) as { list: { posts: { slug: string }[] } }).list.posts[0]!.slug;
    const preview = await ask({ slug, preview: 'draft' }, { authorization: 'Bearer eddie' });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(preview.headers.get('etag')).toBeNull();
  });

  it('keeps its first date and every version when corrected, and restores an earlier one', async () => {
    const first = await newPost();
    const slug = first.slug;
    const date = first.published!.at;
    now = new Date(now.getTime() + 86_400_000);
    const corrected = await editor('eddie').publishPost({ params: { slug }, body: { version: first.version, post: post('Corrected title') } });
    expect(corrected.revisions.map((revision) => [revision.action, revision.by])).toEqual([
      ['published', 'Eddie Editor'],
      ['published', 'Edith Editor'],
      ['created', 'Edith Editor'],
    ]);
    expect((await blog().getBlogs({ body: { blogData: { slug } } })).post).toMatchObject({ title: 'Corrected title', publishedAt: date });
    // Content editors preview an earlier version before restoring it; the blog goes on showing the corrected one.
    const earlier = (await blog('eddie').getBlogs({ body: { blogData: { slug, preview: 1 } } })).post;
    expect(earlier).toMatchObject({ preview: 'revision', revision: 1, publishedAt: date });
    expect(earlier?.title).toMatch(/^Post \d+$/);
    expect(await failure(blog('eddie').getBlogs({ body: { blogData: { slug, preview: 99 } } }))).toMatchObject({ status: 404 });
    expect(await failure(blog('sam').getBlogs({ body: { blogData: { slug, preview: 1 } } }))).toMatchObject({ status: 403 });
    const restored = await editor('edith').restorePostRevision({ params: { slug }, body: { version: corrected.version, revision: 1 } });
    expect(restored.draft.title).toMatch(/^Post \d+$/);
    expect((await blog().getBlogs({ body: { blogData: { slug } } })).post?.title).toBe('Corrected title');
  });

  it('published by two editors at once: the second is refused with 409 and the first stands', async () => {
    const { slug, version } = await newPost({}, { publish: false });
    const results = await Promise.allSettled([
      editor('edith').publishPost({ params: { slug }, body: { version, post: post('Edith’s title') } }),
      editor('eddie').publishPost({ params: { slug }, body: { version, post: post('Eddie’s title') } }),
    ]);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(await failure(Promise.reject((refused[0] as PromiseRejectedResult).reason))).toMatchObject({ status: 409, code: 'CONTENT_CHANGED' });
    const kept = await editor('edith').getPostForEditing({ params: { slug } });
    expect(kept.revisions).toHaveLength(2);
  });

  it('may share its address with a content page: a post lives under /blog', async () => {
    const site = createSiteContentClient({ baseUrl: api.serviceUrl('site'), getAccessToken: () => 'edith' });
    await site.createPage({ body: { slug: 'shared-address', page: { title: 'A page', seoTitle: 'A page', seoDescription: 'A page.', blocks: [] } } });
    await editor('edith').createPost({ body: { slug: 'shared-address', post: post('A post') } });
    expect((await site.getPageForEditing({ params: { slug: 'shared-address' } })).draft.title).toBe('A page');
    expect((await editor('edith').getPostForEditing({ params: { slug: 'shared-address' } })).draft.title).toBe('A post');
    expect((await editor('edith').listPosts()).posts.map((summary) => summary.slug)).toContain('shared-address');
    expect((await site.listContent()).pages.map((summary) => summary.slug)).not.toContain('test-post-1');
  });
});

describe('the list of posts', () => {
  it('is newest first, in pages, filtered by one category or tag, with what each holds', async () => {
    // The demo's posts may be there too: this test counts its own, by tags of its own and counts before and after.
    const ideasBefore = (await blog().getBlogs({ body: { blogData: {} } })).list!.categories.find((category) => category.slug === 'bathroom-ideas')!;
    await newPost({ category: 'bathroom-ideas', tags: ['list-colour', 'list-test'] });
    await newPost({ category: 'bathroom-ideas', tags: ['list-colour', 'list-test'] });
    const newest = await newPost({ category: 'buying-guides', tags: ['list-test'] });
    const first = (await blog().getBlogs({ body: { blogData: { tag: 'list-test', pageSize: 2 } } })).list!;
    expect(first).toMatchObject({ tag: 'list-test', category: null, page: 1, pageSize: 2, totalPosts: 3, totalPages: 2 });
    expect(first.posts[0]).toMatchObject({ slug: newest.slug, category: 'buying-guides', readingMinutes: 1 });
    expect(first.posts[0]).not.toHaveProperty('blocks');
    const dates = first.posts.map((summary) => summary.publishedAt);
    expect(dates).toEqual(dates.toSorted().toReversed());
    const second = (await blog().getBlogs({ body: { blogData: { tag: 'List-Test', pageSize: 2, page: 2 } } })).list!;
    expect(second.posts).toHaveLength(1);
    expect(first.posts.map((summary) => summary.slug)).not.toContain(second.posts[0]!.slug);

    const ideas = (await blog().getBlogs({ body: { blogData: { category: 'Bathroom-Ideas', pageSize: 48 } } })).list!;
    expect(new Set(ideas.posts.map((summary) => summary.category))).toEqual(new Set(['bathroom-ideas']));
    expect(ideas.categories.find((category) => category.slug === 'bathroom-ideas')).toEqual({ ...ideasBefore, postCount: ideasBefore.postCount + 2 });
    expect(ideas.tags).toContainEqual({ tag: 'list-colour', postCount: 2 });
    expect((await blog().getBlogs({ body: { blogData: { tag: 'list-colour' } } })).list).toMatchObject({ tag: 'list-colour', totalPosts: 2 });
    expect((await blog().getBlogs({ body: { blogData: {} } })).list?.pageSize).toBe(9);
  });

  it('leaves out drafts', async () => {
    const draft = await newPost({}, { publish: false });
    const all = (await blog().getBlogs({ body: { blogData: { pageSize: 48 } } })).list!;
    expect(all.posts.map((summary) => summary.slug)).not.toContain(draft.slug);
  });
});

describe('bad input', () => {
  it('refuses an unknown slug, category, tag or page, and paging that is not a whole number from 1, in words a person can act on', async () => {
    expect(await failure(blog().getBlogs({ body: { blogData: { slug: 'no-such-post' } } }))).toMatchObject({
      status: 404,
      code: 'BLOG_POST_NOT_FOUND',
      message: expect.stringContaining('choose a post from the blog’s list'),
    });
    expect(await failure(blog().getBlogs({ body: { blogData: { category: 'kitchens' } } }))).toMatchObject({
      status: 404,
      code: 'BLOG_CATEGORY_NOT_FOUND',
      message: expect.stringContaining('bathroom-ideas, how-to'),
    });
    expect(await failure(blog().getBlogs({ body: { blogData: { tag: 'nothing-tagged' } } }))).toMatchObject({ status: 404, code: 'BLOG_TAG_NOT_FOUND' });
    expect(await failure(blog().getBlogs({ body: { blogData: { page: 500 } } }))).toMatchObject({
      status: 404,
      code: 'BLOG_PAGE_NOT_FOUND',
      message: expect.stringMatching(/so there is no page 500/),
    });
    for (const [blogData, message] of [
      [{ page: 0 }, 'The page number must be 1 or more'],
      [{ page: 1.5 }, 'The page number must be a whole number'],
      [{ page: '2' }, 'The page number must be a whole number'],
      [{ pageSize: 49 }, 'The number of posts a page must be 48 or fewer'],
      [{ preview: 'published' }, 'Preview a post’s draft, or one of its versions by its number'],
      [{ preview: 0 }, 'Preview a post’s draft, or one of its versions by its number'],
    ] as const) {
      const refused = await failure(blog().getBlogs({ body: { blogData: blogData as never } }));
      expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      expect(refused.message).toContain(message);
    }
    expect(await failure(blog('edith').getBlogs({ body: { blogData: { preview: 'draft' } } }))).toMatchObject({ status: 400, code: 'BLOG_PREVIEW_NEEDS_SLUG' });
  });

  it('refuses script in rich text, a javascript: hero image, an unknown category and a bad tag, saving nothing', async () => {
    const script: ContentBlock = { type: 'richText', body: [{ kind: 'paragraph', content: [{ text: 'Hello <script>alert(1)</script>' }] }] };
    const cases: [Partial<BlogPostInput>, number, string][] = [
      [{ blocks: [script] }, 422, 'CONTENT_MARKUP_NOT_ALLOWED'],
      [{ summary: 'Nice <img src=x onerror=alert(1)>' }, 422, 'CONTENT_MARKUP_NOT_ALLOWED'],
      [{ heroImage: { src: 'javascript:alert(1)', alt: 'x' } }, 422, 'CONTENT_LINK_NOT_ALLOWED'],
      [{ blocks: [{ type: 'video' } as never] }, 422, 'CONTENT_BLOCK_TYPE_UNKNOWN'],
      [{ category: 'kitchens' }, 422, 'BLOG_CATEGORY_NOT_FOUND'],
      [{ tags: ['Not A Tag'] }, 422, 'CONTENT_INVALID'],
      [{ heroImage: { src: '/images/blog/a.svg', alt: '' } }, 422, 'CONTENT_INVALID'],
    ];
    for (const [extra, status, code] of cases) {
      expect(await failure(editor('edith').createPost({ body: { slug: 'refused-post', post: post('Refused', extra) } }))).toMatchObject({ status, code });
    }
    const { slug, version } = await newPost();
    expect(await failure(editor('edith').savePostDraft({ params: { slug }, body: { version, post: post('Bad', { blocks: [script] }) } }))).toMatchObject({
      status: 422,
      code: 'CONTENT_MARKUP_NOT_ALLOWED',
    });
    expect((await editor('edith').getPostForEditing({ params: { slug } })).version).toBe(version);
    expect(await failure(editor('edith').getPostForEditing({ params: { slug: 'refused-post' } }))).toMatchObject({ status: 404, code: 'BLOG_POST_NOT_FOUND' });
  });

  it('lets only content editors make, change, publish or preview posts', async () => {
    const { slug, version } = await newPost();
    for (const who of [undefined, 'sam']) {
      const status = who ? 403 : 401;
      expect(await failure(editor(who).createPost({ body: { slug: 'not-allowed', post: post('No') } }))).toMatchObject({ status });
      expect(await failure(editor(who).publishPost({ params: { slug }, body: { version } }))).toMatchObject({ status });
      expect(await failure(editor(who).listPosts())).toMatchObject({ status });
      expect(await failure(blog(who).getBlogs({ body: { blogData: { slug, preview: 'draft' } } }))).toMatchObject({ status });
    }
    expect(await failure(editor('edith').getPostForEditing({ params: { slug: 'not-allowed' } }))).toMatchObject({ status: 404 });
  });
});

describe('taking a post off the blog', () => {
  const listed = async (blogData: { tag?: string } = {}) =>
    (await blog().getBlogs({ body: { blogData: { ...blogData, pageSize: 48 } } })).list!.posts.map((summary) => summary.slug);

  it('unpublishes: the post is a 404 and leaves the kept list at once on every instance; publishing again keeps its first date', async () => {
    const first = await newPost({ tags: ['taken-off'] });
    const { slug } = first;
    expect(await listed()).toContain(slug);
    expect(await listed({ tag: 'taken-off' })).toEqual([slug]);

    const heard = api.app.platform.changes.heard().content;
    const off = await editor('edith').unpublishPost({ params: { slug }, body: { version: first.version } });
    expect(off).toMatchObject({ version: first.version + 1, published: null, scheduled: null, draft: { tags: ['taken-off'] } });
    expect(off.revisions[0]).toMatchObject({ action: 'unpublished', by: 'Edith Editor' });
    expect(await failure(blog().getBlogs({ body: { blogData: { slug } } }))).toMatchObject({ status: 404, code: 'BLOG_POST_NOT_FOUND' });
    expect(await listed()).not.toContain(slug);
    await expect.poll(() => api.app.platform.changes.heard().content).toBeGreaterThan(heard);
    // Its only tag went with it: the tag is unknown to the blog now, as any tag no post carries.
    expect(await failure(blog().getBlogs({ body: { blogData: { tag: 'taken-off' } } }))).toMatchObject({ status: 404, code: 'BLOG_TAG_NOT_FOUND' });
    expect((await editor('edith').listPosts()).posts.find((summary) => summary.slug === slug)?.status).toBe('draft');

    now = new Date(now.getTime() + 86_400_000);
    await editor('edith').publishPost({ params: { slug }, body: { version: off.version } });
    expect((await blog().getBlogs({ body: { blogData: { slug } } })).post).toMatchObject({ slug, publishedAt: first.published!.at });
    expect(await listed()).toContain(slug);
  });

  it('refuses a post not on the blog, one changed meanwhile, and anyone but a content editor, changing nothing', async () => {
    const draftOnly = await newPost({}, { publish: false });
    const { slug, version } = await newPost();
    const refusals: [who: string | undefined, slug: string, version: number, status: number, code?: string][] = [
      ['edith', draftOnly.slug, draftOnly.version, 409, 'CONTENT_NOT_PUBLISHED'],
      ['edith', slug, version - 1, 409, 'CONTENT_CHANGED'],
      ['edith', 'no-such-post', 1, 404, 'BLOG_POST_NOT_FOUND'],
      ['sam', slug, version, 403],
      [undefined, slug, version, 401],
    ];
    for (const [who, asked, at, status, code] of refusals) {
      const refused = await failure(editor(who).unpublishPost({ params: { slug: asked }, body: { version: at } }));
      expect(refused).toMatchObject({ status, ...(code ? { code } : {}) });
    }
    expect((await failure(editor('edith').unpublishPost({ params: { slug: draftOnly.slug }, body: { version: draftOnly.version } }))).message).toContain(
      'blog post',
    );
    expect((await blog().getBlogs({ body: { blogData: { slug } } })).post?.slug).toBe(slug);
    expect((await editor('edith').getPostForEditing({ params: { slug } })).version).toBe(version);
  });

  it('two editors unpublishing at once: one is refused with 409 and the post is off once', async () => {
    const { slug, version } = await newPost();
    const results = await Promise.allSettled([0, 1].map(() => editor('edith').unpublishPost({ params: { slug }, body: { version } })));
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(await failure(Promise.reject((refused[0] as PromiseRejectedResult).reason))).toMatchObject({ status: 409, code: 'CONTENT_CHANGED' });
    expect((await editor('edith').getPostForEditing({ params: { slug } })).revisions.map((revision) => revision.action)).toEqual([
      'unpublished',
      'published',
      'created',
    ]);
  });
});

/**
 * The blog's categories: content editors add, rename and remove them; the blog's list, its filter, a
 * post's category and the unknown-category refusals read what is stored; each refusal changes nothing.
 */
const SEEDED = [
  { slug: 'bathroom-ideas', name: 'Bathroom ideas' },
  { slug: 'how-to', name: 'How-to guides' },
  { slug: 'buying-guides', name: 'Buying guides' },
  { slug: 'heating-and-plumbing', name: 'Heating and plumbing' },
];

const categoryListed = async (slug: string) => (await editor('edith').listBlogCategories()).categories.find((category) => category.slug === slug);
const blogList = async (category?: string) => (await blog().getBlogs({ body: { blogData: category ? { category } : {} } })).list!;

describe('the blog’s categories', () => {
  it('start as the four the shop had, in its order, with a description each, for staff and on the blog', async () => {
    const { categories } = await editor('edith').listBlogCategories();
    expect(categories.slice(0, 4)).toMatchObject(SEEDED);
    for (const category of categories) expect(category.description.length).toBeGreaterThan(20);
    expect((await blogList()).categories.slice(0, 4)).toMatchObject(SEEDED.map((category) => ({ ...category, postCount: expect.any(Number) })));
  });

  it('are added by a content editor: the blog lists and filters by a new one, and a post can be put in it', async () => {
    const added = await editor('edith').createBlogCategory({
      body: { slug: ' wet-rooms ', name: ' Wet rooms ', description: 'Level floors and walk-in showers.' },
    });
    expect(added).toEqual({ slug: 'wet-rooms', name: 'Wet rooms', description: 'Level floors and walk-in showers.', version: 1, postCount: 0 });
    expect((await editor('edith').listBlogCategories()).categories.at(-1)).toEqual(added);
    expect((await blogList()).categories.at(-1)).toEqual({
      slug: 'wet-rooms',
      name: 'Wet rooms',
      description: 'Level floors and walk-in showers.',
      postCount: 0,
    });
    expect((await blogList('wet-rooms')).posts).toEqual([]);

    const { slug } = await newPost({ category: 'wet-rooms' });
    const filtered = await blogList('WET-ROOMS');
    expect(filtered).toMatchObject({ category: 'wet-rooms', totalPosts: 1, posts: [{ slug, category: 'wet-rooms', categoryName: 'Wet rooms' }] });
    expect(filtered.categories.find((category) => category.slug === 'wet-rooms')?.postCount).toBe(1);
    expect((await blog().getBlogs({ body: { blogData: { slug } } })).post).toMatchObject({ category: 'wet-rooms', categoryName: 'Wet rooms' });
    expect(await categoryListed('wet-rooms')).toMatchObject({ postCount: 1 });
  });

  it('are renamed, or described anew, keeping their address: the blog and its posts show the new name at once, and every instance hears', async () => {
    const tiling = await editor('edith').createBlogCategory({ body: { slug: 'tiling', name: 'Tiling', description: 'Walls and floors.' } });
    const { slug } = await newPost({ category: 'tiling' });
    expect((await blog().getBlogs({ body: { blogData: { slug } } })).post?.categoryName).toBe('Tiling');
    const heard = api.app.platform.changes.heard().content;

    const renamed = await editor('edith').changeBlogCategory({
      params: { slug: 'Tiling' },
      body: { version: tiling.version, name: 'Tiles and tiling', description: 'Walls, floors and grout.' },
    });
    expect(renamed).toEqual({ slug: 'tiling', name: 'Tiles and tiling', description: 'Walls, floors and grout.', version: 2, postCount: 1 });
    expect((await blog().getBlogs({ body: { blogData: { slug } } })).post?.categoryName).toBe('Tiles and tiling');
    expect((await blogList('tiling')).posts.map((shown) => shown.categoryName)).toEqual(['Tiles and tiling']);
    expect((await blogList()).categories.find((category) => category.slug === 'tiling')).toMatchObject({
      name: 'Tiles and tiling',
      description: 'Walls, floors and grout.',
    });
    await expect.poll(() => api.app.platform.changes.heard().content).toBeGreaterThan(heard);
  });

  it('are changed by one of two editors who opened the same version: the other is told what it is now, and nothing is lost', async () => {
    for (let round = 0; round < 5; round++) {
      const slug = `taps-${round}`;
      const opened = await editor('edith').createBlogCategory({ body: { slug, name: 'Taps', description: 'Mixers and pillar taps.' } });
      const changes = [
        { who: 'edith', name: 'Taps and mixers', description: 'Mixers and pillar taps.' },
        { who: 'eddie', name: 'Taps', description: 'Every tap we sell, for basins, baths and sinks.' },
      ];
      const results = await Promise.allSettled(
        changes.map(({ who, ...words }) => editor(who).changeBlogCategory({ params: { slug }, body: { version: opened.version, ...words } })),
      );
      const won = results.flatMap((result, index) => (result.status === 'fulfilled' ? [index] : []));
      expect(won).toHaveLength(1);
      const { who: _, ...winner } = changes[won[0]!]!;
      const lost = results[1 - won[0]!] as PromiseRejectedResult;
      expect(lost.reason).toMatchObject({
        status: 409,
        code: 'CONTENT_CHANGED',
        message:
          `Someone else changed this category since you opened it (it is now called “${winner.name}”, described as “${winner.description}”). ` +
          'Your changes have not been saved: check their change, then save yours again if it is still needed.',
        data: { currentVersion: 2 },
      });
      // The winner's words are kept whole (not half of each), and the blog shows them.
      expect(await categoryListed(slug)).toEqual({ slug, ...winner, version: 2, postCount: 0 });
      expect((await blogList()).categories.find((category) => category.slug === slug)).toMatchObject(winner);
      // The other editor, now told, saves again from the version they were shown.
      const loser = changes[1 - won[0]!]!;
      const again = await editor(loser.who).changeBlogCategory({ params: { slug }, body: { version: 2, name: loser.name, description: loser.description } });
      expect(again).toMatchObject({ name: loser.name, description: loser.description, version: 3 });
    }
  });

  it('are not changed from a version another change has replaced, nor from one never made', async () => {
    const opened = await editor('edith').createBlogCategory({ body: { slug: 'radiators', name: 'Radiators', description: 'Column and panel radiators.' } });
    await editor('eddie').changeBlogCategory({
      params: { slug: 'radiators' },
      body: { version: opened.version, name: 'Radiators', description: 'Towel rails too.' },
    });
    for (const version of [opened.version, 3]) {
      const refusal = await failure(
        editor('edith').changeBlogCategory({ params: { slug: 'radiators' }, body: { version, name: 'Rads', description: 'Column and panel radiators.' } }),
      );
      expect(refusal).toMatchObject({ status: 409, code: 'CONTENT_CHANGED', data: { currentVersion: 2 } });
      expect(refusal.message).toContain('(it is now called “Radiators”, described as “Towel rails too.”)');
    }
    expect(await categoryListed('radiators')).toMatchObject({ name: 'Radiators', description: 'Towel rails too.', version: 2 });
  });

  it('are removed when no post is in them, and the blog, its filter and the post editor no longer take them', async () => {
    await editor('edith').createBlogCategory({ body: { slug: 'showers', name: 'Showers', description: 'Mixers, trays and screens.' } });
    expect(await editor('edith').removeBlogCategory({ params: { slug: 'showers' } })).toEqual({ removed: true, slug: 'showers' });
    expect(await categoryListed('showers')).toBeUndefined();
    expect((await blogList()).categories.map((category) => category.slug)).not.toContain('showers');
    expect(await failure(blog().getBlogs({ body: { blogData: { category: 'showers' } } }))).toMatchObject({
      status: 404,
      code: 'BLOG_CATEGORY_NOT_FOUND',
      message: expect.stringMatching(
        /^The blog has no category called "showers"\. Choose one of these: bathroom-ideas, how-to, buying-guides, heating-and-plumbing/,
      ),
    });
    expect(await failure(editor('edith').createPost({ body: { slug: 'in-showers', post: post('In showers', { category: 'showers' }) } }))).toMatchObject({
      status: 422,
      code: 'BLOG_CATEGORY_NOT_FOUND',
      data: { errors: [{ path: 'body.post.category' }] },
    });
  });

  it('are not removed while a post is in them, published or only a draft: the refusal says how many, and changes nothing', async () => {
    await editor('edith').createBlogCategory({ body: { slug: 'basins', name: 'Basins', description: 'Wall-hung, pedestal and vanity basins.' } });
    await newPost({ category: 'basins' });
    const draft = await newPost({ category: 'basins' }, { publish: false });
    const refusal = await failure(editor('edith').removeBlogCategory({ params: { slug: 'basins' } }));
    expect(refusal).toMatchObject({
      status: 409,
      code: 'BLOG_CATEGORY_IN_USE',
      message: 'You cannot remove “Basins” because 2 posts are in it. Move those posts to another category first, then remove it.',
    });
    expect(refusal.data).toMatchObject({ postCount: 2 });
    expect(await categoryListed('basins')).toMatchObject({ postCount: 2 });

    // The draft moves to another category: one post is left, and says so.
    const editing = await editor('edith').getPostForEditing({ params: { slug: draft.slug } });
    await editor('edith').savePostDraft({ params: { slug: draft.slug }, body: { version: editing.version, post: post('Moved', { category: 'how-to' }) } });
    expect(await failure(editor('edith').removeBlogCategory({ params: { slug: 'basins' } }))).toMatchObject({
      message: 'You cannot remove “Basins” because 1 post is in it. Move that post to another category first, then remove it.',
    });
    expect((await blogList('basins')).totalPosts).toBe(1);
  });

  it('once removed, are not published back with an earlier version restored: its draft is refused until put in another category', async () => {
    await editor('edith').createBlogCategory({ body: { slug: 'mirrors', name: 'Mirrors', description: 'Lit, cabinet and plain mirrors.' } });
    const first = await newPost({ category: 'mirrors' });
    now = new Date(now.getTime() + 86_400_000);
    const moved = await editor('edith').publishPost({
      params: { slug: first.slug },
      body: { version: first.version, post: post('Moved', { category: 'how-to' }) },
    });
    await editor('edith').removeBlogCategory({ params: { slug: 'mirrors' } });
    const restored = await editor('edith').restorePostRevision({ params: { slug: first.slug }, body: { version: moved.version, revision: 1 } });
    expect(restored.draft.category).toBe('mirrors');
    expect(await failure(editor('edith').publishPost({ params: { slug: first.slug }, body: { version: restored.version } }))).toMatchObject({
      status: 422,
      code: 'BLOG_CATEGORY_NOT_FOUND',
      message: expect.stringMatching(/^This post’s draft is in the category "mirrors", which has been removed\. Put the post in another category/),
      data: { errors: [{ path: 'body.post.category' }] },
    });
    expect((await blog().getBlogs({ body: { blogData: { slug: first.slug } } })).post).toMatchObject({ title: 'Moved', category: 'how-to' });
    // Put in a category the blog has, the restored version is published.
    const fixed = await editor('edith').savePostDraft({
      params: { slug: first.slug },
      body: { version: restored.version, post: { ...post(restored.draft.title), category: 'how-to' } },
    });
    await editor('edith').publishPost({ params: { slug: first.slug }, body: { version: fixed.version } });
    expect((await blog().getBlogs({ body: { blogData: { slug: first.slug } } })).post?.title).toBe(restored.draft.title);
  });

  it('refuse bad input with the field to change, a slug already used and a category there is not, changing nothing', async () => {
    const before = await editor('edith').listBlogCategories();
    const cases: [() => Promise<unknown>, number, string, string][] = [
      [
        () => editor('edith').createBlogCategory({ body: { slug: 'Wet Rooms', name: 'Wet rooms', description: 'Floors.' } }),
        422,
        'BLOG_CATEGORY_INVALID',
        'body.slug',
      ],
      [
        () => editor('edith').createBlogCategory({ body: { slug: 'double--hyphen', name: 'Two', description: 'Two.' } }),
        422,
        'BLOG_CATEGORY_INVALID',
        'body.slug',
      ],
      [() => editor('edith').createBlogCategory({ body: { slug: 'no-name', name: '  ', description: 'None.' } }), 422, 'BLOG_CATEGORY_INVALID', 'body.name'],
      [
        () => editor('edith').createBlogCategory({ body: { slug: 'long', name: 'Long', description: 'x'.repeat(201) } }),
        422,
        'BLOG_CATEGORY_INVALID',
        'body.description',
      ],
      [
        () => editor('edith').createBlogCategory({ body: { slug: 'how-to', name: 'Another', description: 'Taken.' } }),
        409,
        'BLOG_CATEGORY_SLUG_TAKEN',
        'body.slug',
      ],
      [
        () => editor('edith').changeBlogCategory({ params: { slug: 'how-to' }, body: { version: 1, name: '', description: 'Jobs.' } }),
        422,
        'BLOG_CATEGORY_INVALID',
        'body.name',
      ],
    ];
    for (const [call, status, code, path] of cases)
      expect(await failure(call())).toMatchObject({ status, code, data: { errors: [expect.objectContaining({ path })] } });
    expect(await failure(editor('edith').createBlogCategory({ body: { slug: 'how-to', name: 'Another', description: 'Taken.' } }))).toMatchObject({
      message: 'There is already a category with the address "how-to". Choose another address, or change that category.',
    });
    expect(
      await failure(editor('edith').changeBlogCategory({ params: { slug: 'kitchens' }, body: { version: 1, name: 'Kitchens', description: 'Sinks.' } })),
    ).toMatchObject({
      status: 404,
      code: 'BLOG_CATEGORY_NOT_FOUND',
    });
    expect(await failure(editor('edith').removeBlogCategory({ params: { slug: 'kitchens' } }))).toMatchObject({ status: 404, code: 'BLOG_CATEGORY_NOT_FOUND' });
    expect(await editor('edith').listBlogCategories()).toEqual(before);
  });

  it('are managed by content editors only: anyone else is refused, changing nothing', async () => {
    const before = await editor('edith').listBlogCategories();
    for (const who of [undefined, 'sam', 'olly']) {
      const status = who ? 403 : 401;
      expect(await failure(editor(who).listBlogCategories())).toMatchObject({ status });
      expect(await failure(editor(who).createBlogCategory({ body: { slug: 'sneaky', name: 'Sneaky', description: 'No.' } }))).toMatchObject({ status });
      const hacked = { version: 1, name: 'Hacked', description: 'No.' };
      expect(await failure(editor(who).changeBlogCategory({ params: { slug: 'how-to' }, body: hacked }))).toMatchObject({ status });
      expect(await failure(editor(who).removeBlogCategory({ params: { slug: 'buying-guides' } }))).toMatchObject({ status });
    }
    expect(await editor('edith').listBlogCategories()).toEqual(before);
  });
});
