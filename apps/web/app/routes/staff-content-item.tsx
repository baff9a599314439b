import { ApiError } from '@shop/api-client';
import { GLOBAL_ITEMS, type GlobalItemEditing, type GlobalItemId } from '@shop/contracts';
import { data, Form } from 'react-router';
import type { Route } from './+types/staff-content-item';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { stepProblemOf, type StepProblem } from '../components/staff/step-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { TextArea } from '../components/ui/textarea.tsx';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { staffClient } from '../lib/auth/staff-page.server.ts';
import { formText } from '../lib/form-text.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { contentOfItemFields, itemFieldsOf, type ItemFields } from '../lib/staff-content/item-form.ts';
import {
  CONTENT_AUDIENCE,
  CONTENT_ROLES,
  createContentClient,
  revisionText,
  STAFF_CONTENT_PATH,
  staffGlobalItemPath,
} from '../lib/staff-content/staff-content.ts';
import { fromLocalInput } from '../lib/staff-discounts/form.ts';

const isItem = (id: string): id is GlobalItemId => Object.hasOwn(GLOBAL_ITEMS, id);

/** A global item and its versions; one never saved opens empty, at version 0. */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isItem(params.id)) throw data(null, { status: 404 });
  const api = staffClient(request, CONTENT_ROLES, 'site', createContentClient);
  let item: GlobalItemEditing | null = null;
  try {
    item = await api.getGlobalItemForEditing({ params: { id: params.id } });
  } catch (error) {
    throwIfRateLimited(error);
    if (error instanceof ApiError && error.status === 403) return data({ forbidden: true as const }, { status: 403 });
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
  const saved = new URL(request.url).searchParams.get('done') === 'saved';
  return { id: params.id, name: GLOBAL_ITEMS[params.id], item, fields: itemFieldsOf(params.id, item), saved };
}

export async function action({ request, params }: Route.ActionArgs) {
  if (!isItem(params.id)) throw data(null, { status: 404 });
  const api = staffClient(request, CONTENT_ROLES, 'site', createContentClient);
  const form = await request.formData();
  const fields: ItemFields = Object.fromEntries(['text', 'linkLabel', 'href', 'lines', 'startsAt', 'endsAt'].map((name) => [name, formText(form, name)]));
  const [startsAt, endsAt] = [fields.startsAt, fields.endsAt].map((value) => (value ? fromLocalInput(value) : null));
  if ((fields.startsAt && !startsAt) || (fields.endsAt && !endsAt)) {
    return data(
      {
        fields,
        problem: {
          summary: 'Enter the start and end as a date and time, like 28/11/2026 09:00, or leave them empty.',
          stale: false,
          fields: {},
        } as StepProblem,
      },
      { status: 400 },
    );
  }
  try {
    await api.saveGlobalItem({
      body: { id: params.id, version: Number(formText(form, 'version')), content: contentOfItemFields(params.id, fields), startsAt, endsAt },
    });
  } catch (error) {
    throwIfRateLimited(error);
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data({ fields, problem: stepProblemOf(error, new Set()) }, { status: error.status });
  }
  return redirectWithNotice(request, `${staffGlobalItemPath(params.id)}?done=saved`);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData && 'name' in loaderData ? loaderData.name : 'Global item', 'An item every page of the shop shows.'),
  { name: 'robots', content: 'noindex' },
];

export default function StaffContentItem({ loaderData, actionData }: Route.ComponentProps) {
  if ('forbidden' in loaderData) return <NeedStaffAccount {...CONTENT_AUDIENCE} />;
  const { id, name, item, saved } = loaderData;
  const fields = actionData?.fields ?? loaderData.fields;
  const starts = (value: string | undefined) => value ?? '';
  return (
    <>
      <PageHeader
        title={name}
        intro={<p>{item ? (item.showing ? 'Showing on every page now.' : 'Not showing now.') : 'Not set up yet: it shows once saved.'}</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Content', to: STAFF_CONTENT_PATH }, { label: name }]}
      />
      <div className="container-page grid gap-10 py-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] lg:py-10">
        <div>
          {saved && !actionData && (
            <p role="status" className="mb-6 rounded-lg bg-teal-50 p-4 font-semibold text-teal-900">
              Saved. Every page shows it within a few seconds, between its start and end.
            </p>
          )}
          {actionData?.problem && <ErrorSummary problems={[{ message: actionData.problem.summary }]} />}
          <Form method="post" aria-label={name} className="max-w-2xl space-y-5">
            <input type="hidden" name="version" value={item?.version ?? 0} />
            {id === 'announcement-bar' ? (
              <>
                <FormField label="Announcement" hint="At most 140 characters.">
                  {(control) => <Input {...control} name="text" defaultValue={fields.text} />}
                </FormField>
                <FormField label="Link words (optional)">{(control) => <Input {...control} name="linkLabel" defaultValue={fields.linkLabel} />}</FormField>
                <FormField label="Link address (optional)" hint="A page of the shop, like /help/delivery">
                  {(control) => <Input {...control} name="href" defaultValue={fields.href} />}
                </FormField>
              </>
            ) : (
              <FormField
                label={id === 'footer-columns' ? 'Columns' : 'Promises'}
                hint={
                  id === 'footer-columns'
                    ? '## before each column’s heading, then one link a line as: words | /address'
                    : 'One promise a line as: heading | details | /address (the address is optional)'
                }
              >
                {(control) => <TextArea {...control} name="lines" defaultValue={fields.lines} rows={14} />}
              </FormField>
            )}
            <div className="flex flex-wrap gap-4">
              <FormField label="Show from (UK time, optional)" hint="Empty: from now.">
                {(control) => <Input {...control} type="datetime-local" name="startsAt" defaultValue={starts(fields.startsAt)} />}
              </FormField>
              <FormField label="Show until (UK time, optional)" hint="Empty: until changed.">
                {(control) => <Input {...control} type="datetime-local" name="endsAt" defaultValue={starts(fields.endsAt)} />}
              </FormField>
            </div>
            <Button type="submit">Save and publish</Button>
          </Form>
        </div>
        {item && (
          <section aria-labelledby="versions-heading">
            <h2 id="versions-heading" className="section-heading">
              Versions
            </h2>
            <ol className="mt-3 space-y-2 text-sm">
              {item.revisions.map((revision) => (
                <li key={revision.revision} className="rounded-lg border border-navy-100 p-3">
                  <p className="font-semibold">Version {revision.revision}</p>
                  <p className="text-navy-700">{revisionText(revision)}</p>
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </>
  );
}
