import { CONTENT_SLUG_PATTERN, GLOBAL_ITEMS, GLOBAL_ITEM_IDS, type ContentImageCleanup, type ContentPageSummary } from '@shop/contracts';
import { Form, Link, redirect } from 'react-router';
import type { ReactNode } from 'react';
import type { Route } from './+types/staff-content';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { BlogCategoriesSection } from '../components/staff/blog-categories.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Table } from '../content/content-table.tsx';
import { refusedStep, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { stepProblemOf } from '../components/staff/step-form.tsx';
import { formText } from '../lib/form-text.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { pageMeta } from '../lib/meta.ts';
import {
  CONTENT_AUDIENCE,
  CONTENT_ROLES,
  createContentClient,
  STAFF_CONTENT_PATH,
  createPostsClient,
  lastCleanupText,
  staffGlobalItemPath,
  staffPagePath,
  staffPostPath,
  unusedPicturesText,
  whenText,
} from '../lib/staff-content/staff-content.ts';

const CLEAN_PICTURES = 'clean-pictures';
const PICTURES_CLEANED = 'pictures-cleaned';
/** What a step on the blog's categories did, said once above them. */
const CATEGORY_DONE = {
  'category-added': 'Category added. The blog lists it once a post is published in it.',
  'category-changed': 'Category changed. The blog shows the new name and description within a few seconds.',
  'category-removed': 'Category removed.',
} as const;
const STATUS_TEXT = { draft: 'Draft, not published', published: 'Published', changed: 'Published, with a newer draft', scheduled: 'Scheduled' } as const;

/** Every content page, blog post and global item, for content editors. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, CONTENT_ROLES, 'site', createContentClient);
  const posts = staffClient(request, CONTENT_ROLES, 'site', createPostsClient);
  return staffRead(async () => {
    const [content, blog, pictures, categories] = await Promise.all([
      api.listContent(),
      posts.listPosts(),
      api.getContentImageCleanup(),
      posts.listBlogCategories(),
    ]);
    const done = new URL(request.url).searchParams.get('done');
    return {
      ...content,
      posts: blog.posts,
      pictures,
      cleaned: done === PICTURES_CLEANED,
      blogCategories: categories.categories,
      categoryDone: done && done in CATEGORY_DONE ? CATEGORY_DONE[done as keyof typeof CATEGORY_DONE] : null,
    };
  });
}

/**
 * A new page, or a new blog post, as a draft with its title (and a post's author and category); its editor opens next. Or the
 * clean-up of unused pictures, run now: the page comes back saying what it removed. Or a new blog category.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  if (formText(form, 'intent') === CLEAN_PICTURES) {
    try {
      await staffClient(request, CONTENT_ROLES, 'site', createContentClient).cleanUpContentImages();
    } catch (error) {
      return refusedStep(error, { intent: CLEAN_PICTURES, values: {} }, (refusal) => stepProblemOf(refusal, new Set()));
    }
    return redirectWithNotice(request, `${STAFF_CONTENT_PATH}?done=${PICTURES_CLEANED}`);
  }
  if (formText(form, 'intent') === 'create-category') {
    const category = { slug: formText(form, 'slug').trim(), name: formText(form, 'name'), description: formText(form, 'description') };
    try {
      await staffClient(request, CONTENT_ROLES, 'site', createPostsClient).createBlogCategory({ body: category });
    } catch (error) {
      return refusedStep(error, { intent: 'create-category', values: category }, (refusal) => stepProblemOf(refusal, new Set()));
    }
    return redirectWithNotice(request, `${STAFF_CONTENT_PATH}?done=category-added#blog-categories`);
  }
  const intent = formText(form, 'intent') === 'create-post' ? 'create-post' : 'create';
  const slug = formText(form, 'slug').trim().toLowerCase();
  const title = formText(form, 'title').trim();
  const author = formText(form, 'author').trim();
  const category = formText(form, 'category');
  try {
    if (intent === 'create-post') {
      const heroImage = { src: `/images/blog/${slug}.svg`, alt: 'Illustration: a bathroom with a basin under a mirror, a toilet and a bath' };
      const post = { title, seoTitle: title, seoDescription: title, summary: title, author, category, heroImage, blocks: [] };
      await staffClient(request, CONTENT_ROLES, 'site', createPostsClient).createPost({ body: { slug, post } });
    } else {
      const page = { title, seoTitle: title, seoDescription: title, blocks: [] };
      await staffClient(request, CONTENT_ROLES, 'site', createContentClient).createPage({ body: { slug, page } });
    }
  } catch (error) {
    return refusedStep(error, { intent, values: { slug, title, author, category } }, (refusal) => stepProblemOf(refusal, new Set()));
  }
  return redirect(intent === 'create-post' ? staffPostPath(slug) : staffPagePath(slug), 303);
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Content', 'Content pages, blog posts and the items every page shares.'),
  { name: 'robots', content: 'noindex' },
];

export default function StaffContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const typed = (intent: 'create' | 'create-post' | 'create-category') => (actionData?.intent === intent ? actionData.values : undefined);
  return (
    <>
      <PageHeader
        title="Content"
        intro={<p>The shop’s information pages, blog posts and the items every page shows. Edit a draft, preview it, then publish it.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Content' }]}
      />
      <div className="container-page min-h-[30rem] space-y-12 py-8 lg:py-10">
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...CONTENT_AUDIENCE} />
        ) : (
          <>
            <section aria-labelledby="pages-heading">
              <h2 id="pages-heading" className="section-heading">
                Pages
              </h2>
              <Table
                caption="Content pages"
                head={['Page', 'Address', 'Status', 'Last changed']}
                rows={loaderData.pages.map((page) => summaryRow(page, staffPagePath))}
              />
              <NewContentForm intent="create" noun="page" actionData={actionData} typed={typed('create')} />
            </section>
            <section aria-labelledby="posts-heading">
              <h2 id="posts-heading" className="section-heading">
                Blog posts
              </h2>
              <Table
                caption="Blog posts"
                head={['Post', 'Address', 'Status', 'Last changed']}
                rows={loaderData.posts.map((post) => summaryRow(post, staffPostPath))}
              />
              <NewContentForm intent="create-post" noun="post" actionData={actionData} typed={typed('create-post')}>
                <FormField label="Author" className="w-56">
                  {(control) => <Input {...control} name="author" required defaultValue={typed('create-post')?.author} />}
                </FormField>
                <FormField label="Category" className="w-56">
                  {(control) => (
                    <select {...control} name="category" className="control" defaultValue={typed('create-post')?.category}>
                      {loaderData.blogCategories.map(({ slug, name }) => (
                        <option key={slug} value={slug}>
                          {name}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
              </NewContentForm>
            </section>
            {loaderData.categoryDone && (
              <p role="status" className="rounded-lg bg-teal-50 p-4 font-semibold text-teal-900">
                {loaderData.categoryDone}
              </p>
            )}
            <BlogCategoriesSection
              categories={loaderData.blogCategories}
              problem={actionData?.intent === 'create-category' ? actionData.problem : null}
              typed={typed('create-category')}
            />
            <section aria-labelledby="items-heading">
              <h2 id="items-heading" className="section-heading">
                Global items
              </h2>
              <Table
                caption="Global items"
                head={['Item', 'Showing now', 'Last changed']}
                rows={loaderData.globalItems.map((item) => [
                  <Link key="name" to={staffGlobalItemPath(item.id)} className="link">
                    {item.name}
                  </Link>,
                  item.showing ? 'Yes' : item.startsAt ? `From ${whenText(item.startsAt)}` : 'No',
                  `${whenText(item.updatedAt)} by ${item.updatedBy}`,
                ])}
              />
              <NotSetUp saved={loaderData.globalItems.map((item) => item.id)} />
            </section>
            <UnusedPictures pictures={loaderData.pictures} cleaned={loaderData.cleaned} actionData={actionData} />
          </>
        )}
      </div>
    </>
  );
}

/** "Add page" or "Add post": a title and an address (and what a post needs besides, as children), refused as typed. */
function NewContentForm({
  intent,
  noun,
  actionData,
  typed,
  children,
}: {
  intent: 'create' | 'create-post';
  noun: 'page' | 'post';
  actionData: Route.ComponentProps['actionData'];
  typed: { title?: string; slug?: string } | undefined;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className="mt-6 flex flex-wrap items-end gap-3" aria-label={noun === 'page' ? 'New page' : 'New blog post'}>
      <input type="hidden" name="intent" value={intent} />
      {actionData && 'problem' in actionData && actionData.intent === intent && <ErrorSummary problems={[{ message: actionData.problem.summary }]} />}
      <FormField label={`New ${noun}’s title`} className="w-72">
        {(control) => <Input {...control} name="title" required defaultValue={typed?.title} />}
      </FormField>
      <FormField label="Its address" hint="Lower-case words joined by hyphens" className="w-72">
        {(control) => <Input {...control} name="slug" required pattern={CONTENT_SLUG_PATTERN.source} defaultValue={typed?.slug} />}
      </FormField>
      {children}
      <Button type="submit" variant="secondary">
        Add {noun}
      </Button>
    </Form>
  );
}

/** A page's or post's row: its title (a link to its editor), address, status and who changed it last. */
function summaryRow(page: ContentPageSummary, editorPath: (slug: string) => string) {
  return [
    <Link key="title" to={editorPath(page.slug)} className="link">
      {page.title}
    </Link>,
    page.slug,
    page.scheduledFor ? `${STATUS_TEXT.scheduled} for ${whenText(page.scheduledFor)}` : STATUS_TEXT[page.status],
    `${whenText(page.updatedAt)} by ${page.updatedBy}`,
  ];
}

/**
 * Pictures uploaded for pages that no version of a page, post or global item uses, the space they take, the latest clean-up and
 * what it removed, and "Remove unused pictures now" as a plain form (the shop also does it daily).
 */
function UnusedPictures({
  pictures,
  cleaned,
  actionData,
}: {
  pictures: ContentImageCleanup;
  cleaned: boolean;
  actionData: Route.ComponentProps['actionData'];
}) {
  const refused = actionData && 'problem' in actionData && actionData.intent === CLEAN_PICTURES ? actionData.problem : null;
  return (
    <section aria-labelledby="pictures-heading">
      <h2 id="pictures-heading" className="section-heading">
        Unused pictures
      </h2>
      {cleaned && !refused && (
        <p role="status" className="mb-4 rounded-lg bg-teal-50 p-4 font-semibold text-teal-900">
          Unused pictures cleaned up.
        </p>
      )}
      {refused && <ErrorSummary problems={[{ message: refused.summary }]} />}
      <p>{unusedPicturesText(pictures)}</p>
      <p className="mt-2">{lastCleanupText(pictures)}</p>
      <p className="mt-2 text-sm text-navy-700">
        The shop removes unused pictures once a day, once they are more than {pictures.graceDays} days old. A picture any version uses, even an earlier one that
        can be restored, is never removed.
      </p>
      <Form method="post" className="mt-4" aria-label="Remove unused pictures">
        <input type="hidden" name="intent" value={CLEAN_PICTURES} />
        <Button type="submit" variant="secondary">
          Remove unused pictures now
        </Button>
      </Form>
    </section>
  );
}

/** Global items never saved yet, each linked to its editor (an item shows once saved). */
function NotSetUp({ saved }: { saved: readonly string[] }) {
  const missing = GLOBAL_ITEM_IDS.filter((id) => !saved.includes(id));
  if (missing.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1 text-sm">
      {missing.map((id) => (
        <li key={id}>
          <Link to={staffGlobalItemPath(id)} className="link">
            Set up the {GLOBAL_ITEMS[id].toLowerCase()}
          </Link>
        </li>
      ))}
    </ul>
  );
}
