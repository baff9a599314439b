import { CONTENT_SLUG_PATTERN, GLOBAL_ITEMS, GLOBAL_ITEM_IDS } from '@shop/contracts';
import { Form, Link, redirect } from 'react-router';
import type { Route } from './+types/staff-content';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Table } from '../content/content-table.tsx';
import { refusedStep, staffClient, staffRead } from '../lib/auth/staff-page.server.ts';
import { stepProblemOf } from '../components/staff/step-form.tsx';
import { formText } from '../lib/form-text.ts';
import { pageMeta } from '../lib/meta.ts';
import { CONTENT_AUDIENCE, CONTENT_ROLES, createContentClient, staffGlobalItemPath, staffPagePath, whenText } from '../lib/staff-content/staff-content.ts';

const STATUS_TEXT = { draft: 'Draft, not published', published: 'Published', changed: 'Published, with a newer draft', scheduled: 'Scheduled' } as const;

/** Every content page and global item, for content editors. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = staffClient(request, CONTENT_ROLES, 'site', createContentClient);
  return staffRead(() => api.listContent());
}

/** A new page, as a draft with its title; its editor opens next. */
export async function action({ request }: Route.ActionArgs) {
  const api = staffClient(request, CONTENT_ROLES, 'site', createContentClient);
  const form = await request.formData();
  const slug = formText(form, 'slug').trim().toLowerCase();
  const title = formText(form, 'title').trim();
  try {
    await api.createPage({ body: { slug, page: { title, seoTitle: title, seoDescription: title, blocks: [] } } });
  } catch (error) {
    return refusedStep(error, { intent: 'create', values: { slug, title } }, (refusal) => stepProblemOf(refusal, new Set()));
  }
  return redirect(staffPagePath(slug), 303);
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Content', 'Content pages and the items every page shares.'),
  { name: 'robots', content: 'noindex' },
];

export default function StaffContentPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Content"
        intro={<p>The shop’s information pages and the items every page shows. Edit a draft, preview it, then publish it now or at a time.</p>}
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
                rows={loaderData.pages.map((page) => [
                  <Link key="title" to={staffPagePath(page.slug)} className="link">
                    {page.title}
                  </Link>,
                  page.slug,
                  page.scheduledFor ? `${STATUS_TEXT.scheduled} for ${whenText(page.scheduledFor)}` : STATUS_TEXT[page.status],
                  `${whenText(page.updatedAt)} by ${page.updatedBy}`,
                ])}
              />
              <Form method="post" className="mt-6 flex flex-wrap items-end gap-3" aria-label="New page">
                {actionData && 'problem' in actionData && <ErrorSummary problems={[{ message: actionData.problem.summary }]} />}
                <FormField label="New page’s title" className="w-72">
                  {(control) => <Input {...control} name="title" required defaultValue={actionData?.values.title} />}
                </FormField>
                <FormField label="Its address" hint="Lower-case words joined by hyphens" className="w-72">
                  {(control) => <Input {...control} name="slug" required pattern={CONTENT_SLUG_PATTERN.source} defaultValue={actionData?.values.slug} />}
                </FormField>
                <Button type="submit" variant="secondary">
                  Add page
                </Button>
              </Form>
            </section>
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
          </>
        )}
      </div>
    </>
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
