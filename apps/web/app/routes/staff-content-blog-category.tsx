import { data, Form } from 'react-router';
import type { Route } from './+types/staff-content-blog-category';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { CategoryProblems, CategoryWordsFields, staffBlogCategoryPath } from '../components/staff/blog-categories.tsx';
import { stepProblemOf } from '../components/staff/step-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { refusedStep, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { formText } from '../lib/form-text.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { CONTENT_AUDIENCE, CONTENT_ROLES, createPostsClient, STAFF_CONTENT_PATH } from '../lib/staff-content/staff-content.ts';

/**
 * One blog category, to rename, describe anew or remove (when no post is in it). A change made from an older version than the
 * category's (another editor's change came first) is refused with what it is now, the words typed kept.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const posts = staffClient(request, CONTENT_ROLES, 'site', createPostsClient);
  return staffRead(async () => {
    const category = (await posts.listBlogCategories()).categories.find((listed) => listed.slug === params.slug.toLowerCase());
    if (!category) throw data(null, { status: 404 });
    return { category };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const posts = staffClient(request, CONTENT_ROLES, 'site', createPostsClient);
  const form = await request.formData();
  const intent = formText(form, 'intent') === 'remove' ? 'remove' : 'change';
  const words = { name: formText(form, 'name'), description: formText(form, 'description') };
  try {
    if (intent === 'remove') await posts.removeBlogCategory({ params: { slug: params.slug } });
    else await posts.changeBlogCategory({ params: { slug: params.slug }, body: { version: Number(formText(form, 'version')), ...words } });
  } catch (error) {
    return refusedStep(error, { intent, values: words }, (refusal) => stepProblemOf(refusal, new Set()));
  }
  return redirectWithNotice(request, `${STAFF_CONTENT_PATH}?done=${intent === 'remove' ? 'category-removed' : 'category-changed'}#blog-categories`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(
    loaderData && 'category' in loaderData ? `Blog category: ${loaderData.category.name}` : 'Blog category',
    'A blog category’s name and description.',
  ),
  { name: 'robots', content: 'noindex' },
];

export default function StaffBlogCategory({ loaderData, actionData }: Route.ComponentProps) {
  if ('forbidden' in loaderData) return <NeedStaffAccount {...CONTENT_AUDIENCE} />;
  const { category } = loaderData;
  const refused = (intent: 'change' | 'remove') => (actionData?.intent === intent ? actionData : undefined);
  const posts = category.postCount === 1 ? '1 post is' : `${category.postCount} posts are`;
  return (
    <>
      <PageHeader
        title={category.name}
        intro={
          <p>
            A blog category: {posts} in it. Its address, /blog?category={category.slug}, stays the same.
          </p>
        }
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Content', to: `${STAFF_CONTENT_PATH}#blog-categories` }, { label: category.name }]}
      />
      <div className="container-page space-y-12 py-8 lg:py-10">
        <Form method="post" action={staffBlogCategoryPath(category.slug)} className="max-w-2xl space-y-4" aria-labelledby="change-heading">
          <h2 id="change-heading" className="section-heading">
            Name and description
          </h2>
          <input type="hidden" name="intent" value="change" />
          {/* The version on show: after someone else's change is refused over, the page shows theirs and what was typed, to send again. */}
          <input type="hidden" name="version" value={category.version} />
          <CategoryProblems form="change" problem={refused('change')?.problem} />
          <CategoryWordsFields form="change" typed={refused('change')?.values ?? category} problem={refused('change')?.problem} />
          <Button type="submit">Save changes</Button>
        </Form>
        <section aria-labelledby="remove-heading" className="max-w-2xl space-y-4">
          <h2 id="remove-heading" className="section-heading">
            Remove this category
          </h2>
          {refused('remove') && <CategoryProblems form="remove" problem={refused('remove')!.problem} />}
          {category.postCount > 0 ? (
            <p className="text-navy-800">
              You cannot remove it while {posts} in it (counting drafts). Move {category.postCount === 1 ? 'that post' : 'those posts'} to another category in
              the post editor first.
            </p>
          ) : (
            <Form method="post" action={staffBlogCategoryPath(category.slug)} className="space-y-4">
              <p className="text-navy-800">No post is in it. Once removed, its address shows the “page not found” page.</p>
              <input type="hidden" name="intent" value="remove" />
              <Button type="submit" variant="secondary">
                Remove “{category.name}”
              </Button>
            </Form>
          )}
        </section>
      </div>
    </>
  );
}
