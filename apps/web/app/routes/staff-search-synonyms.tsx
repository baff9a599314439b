import { createSearchSynonymsClient } from '@shop/api-client';
import { londonShortDateTime, type SynonymChange, type SynonymGroup, type SynonymGroupPage } from '@shop/contracts';
import { data, Form, Link, useLocation } from 'react-router';
import type { Route } from './+types/staff-search-synonyms';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { formText, stepProblemOf } from '../components/staff/step-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { ErrorSummary } from '../components/ui/error-summary.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { refusedStep, staffClient, staffRead, type RefusedStep } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { positiveNumber, SYNONYM_ROLES, SYNONYMS_AUDIENCE, SYNONYMS_PAGE_SIZE, synonymsHref, wordsOf } from '../lib/staff-search/synonyms.ts';

const synonymsApi = (request: Request) => staffClient(request, SYNONYM_ROLES, 'catalogue', createSearchSynonymsClient);
const INTENTS = ['add', 'change', 'delete'] as const;
type Intent = (typeof INTENTS)[number];
const DONE: Record<Intent, string> = { add: 'added', change: 'changed', delete: 'deleted' };
const NOTICES: Record<string, string> = {
  added: 'Group added. Searches on every part of the shop use it within a second.',
  changed: 'Group changed. Searches on every part of the shop use it within a second.',
  deleted: 'Group deleted. Its words no longer find each other’s products.',
};
const FIELD_IDS: Record<Intent, string> = { add: 'new-words', change: 'edit-words', delete: 'new-words' };

/** A page of the groups (the page in the address), the group open to change, and a word to start a new group with. */
export async function loader({ request }: Route.LoaderArgs) {
  const api = synonymsApi(request);
  const search = new URL(request.url).searchParams;
  const pageNumber = positiveNumber(search.get('page')) ?? 1;
  const word = search.get('word')?.trim().slice(0, 40) ?? '';
  const done = search.get('done') ?? '';
  return staffRead(async () => ({
    page: await api.listSynonymGroups({ query: { pageNumber, pageSize: SYNONYMS_PAGE_SIZE } }),
    editing: positiveNumber(search.get('edit')),
    word,
    notice: NOTICES[done] ?? null,
  }));
}

/** A group added, changed or deleted, posted as a plain form: done, back to the page with a notice (post, redirect, get); refused, the API's words. */
export async function action({ request }: Route.ActionArgs) {
  const api = synonymsApi(request);
  const form = await request.formData();
  const intent = formText(form, 'intent') as Intent;
  if (!INTENTS.includes(intent)) throw data(null, { status: 400 });
  const values = { words: formText(form, 'words'), id: formText(form, 'id') };
  const id = positiveNumber(values.id) ?? 0;
  const version = positiveNumber(formText(form, 'version')) ?? 0;
  try {
    if (intent === 'add') await api.createSynonymGroup({ body: { words: wordsOf(values.words) } });
    else if (intent === 'change') await api.changeSynonymGroup({ params: { id }, body: { version, words: wordsOf(values.words) } });
    else await api.deleteSynonymGroup({ params: { id }, query: { version } });
  } catch (error) {
    return refusedStep(error, { intent, values }, (refusal) => stepProblemOf(refusal, new Set(['SYNONYM_GROUP_CHANGED'])));
  }
  const back = new URL(synonymsHref({ page: positiveNumber(new URL(request.url).searchParams.get('page')) ?? 1 }), request.url);
  back.searchParams.set('done', DONE[intent]);
  return redirectWithNotice(request, `${back.pathname}${back.search}`);
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Search synonyms', 'Words that mean the same to a shopper: a search for one finds the others’ products.'),
  { name: 'robots', content: 'noindex' },
];

export default function StaffSearchSynonymsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Search synonyms"
        intro={<p>Words that mean the same to a shopper. A search for any word in a group finds the products named with the others.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Search synonyms' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? <NeedStaffAccount {...SYNONYMS_AUDIENCE} /> : <Synonyms {...loaderData} refused={actionData ?? null} />}
      </div>
    </>
  );
}

interface SynonymsProps {
  page: SynonymGroupPage;
  editing: number | null;
  word: string;
  notice: string | null;
  refused: RefusedStep | null;
}

function Synonyms({ page, editing, word, notice, refused }: SynonymsProps) {
  // Each step done is a new address: the forms start afresh rather than keep what was sent.
  const { key } = useLocation();
  const problem = refused?.problem ?? null;
  const fieldError = (intent: Intent) => (refused?.intent === intent ? (problem?.fields.words ?? null) : null);
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    <div className="space-y-6">
      {notice && !refused && (
        <p role="status" className="rounded-lg bg-teal-50 p-4 font-semibold text-teal-900">
          {notice}
        </p>
      )}
      {problem && refused && (
        <ErrorSummary problems={[{ message: problem.summary, ...(problem.fields.words && { fieldId: FIELD_IDS[refused.intent as Intent] }) }]} />
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <section aria-labelledby="groups-heading" className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="groups-heading" className="section-heading">
              Groups
            </h2>
            <p className="text-sm text-navy-700">
              {page.total.toLocaleString('en-GB')} of at most {page.maxGroups.toLocaleString('en-GB')}
            </p>
          </div>
          {page.groups.length === 0 ? (
            <p className="rounded-2xl border border-navy-100 bg-white p-5 text-navy-700">No groups yet: a search finds only the words typed.</p>
          ) : (
            <ul className="space-y-3">
              {page.groups.map((group) => (
                <li key={group.id} className="rounded-2xl border border-navy-100 bg-white p-4 sm:p-5">
                  {editing === group.id || (refused?.intent === 'change' && refused.values.id === String(group.id)) ? (
                    <ChangeForm
                      key={key}
                      group={group}
                      typed={refused?.intent === 'change' ? (refused.values.words ?? null) : null}
                      error={fieldError('change')}
                      pageNumber={page.pageNumber}
                    />
                  ) : (
                    <GroupRow group={group} pageNumber={page.pageNumber} />
                  )}
                </li>
              ))}
            </ul>
          )}
          <Pagination current={page.pageNumber} total={pages} hrefFor={(number) => synonymsHref({ page: number })} label="Pages of groups" />
        </section>
        {/* First on a phone: staff come from the reports to add a group, above a long list. */}
        <aside className="order-first space-y-6 lg:order-none">
          <AddForm
            key={key}
            word={word}
            typed={refused?.intent === 'add' ? (refused.values.words ?? null) : null}
            error={fieldError('add')}
            maxWords={page.maxWords}
          />
          <RecentChanges changes={page.recentChanges} />
        </aside>
      </div>
    </div>
  );
}

const wordList = (words: readonly string[]) => words.join(', ');

function GroupRow({ group, pageNumber }: { group: SynonymGroup; pageNumber: number }) {
  const named = `“${wordList(group.words)}”`;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <ul className="flex min-w-0 flex-wrap gap-2" aria-label={`Words in group ${named}`}>
        {group.words.map((word) => (
          <li key={word} className="rounded-full bg-navy-50 px-3 py-1 text-sm font-medium break-all text-navy-900">
            {word}
          </li>
        ))}
      </ul>
      <div className="flex items-center gap-2">
        <Link to={synonymsHref({ page: pageNumber, edit: group.id })} className="px-2 py-2 font-semibold">
          Change<span className="sr-only"> group {named}</span>
        </Link>
        <Form method="post" action={synonymsHref({ page: pageNumber })}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={group.id} />
          <input type="hidden" name="version" value={group.version} />
          <Button type="submit" variant="ghost" size="sm" className="text-red-800">
            Delete<span className="sr-only"> group {named}</span>
          </Button>
        </Form>
      </div>
    </div>
  );
}

const WORDS_HINT = 'Separate words or phrases with commas. Each is 2 to 40 letters, digits, spaces or hyphens, at most 4 words, and in one group only.';

function ChangeForm({ group, typed, error, pageNumber }: { group: SynonymGroup; typed: string | null; error: string | null; pageNumber: number }) {
  return (
    <Form
      method="post"
      action={synonymsHref({ page: pageNumber, edit: group.id })}
      aria-label={`Change group “${wordList(group.words)}”`}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value="change" />
      <input type="hidden" name="id" value={group.id} />
      <input type="hidden" name="version" value={group.version} />
      <FormField id="edit-words" label="Words in this group" hint={WORDS_HINT} error={error}>
        {(control) => <Input {...control} name="words" defaultValue={typed ?? wordList(group.words)} autoComplete="off" spellCheck={false} />}
      </FormField>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit">Save changes</Button>
        <Link to={synonymsHref({ page: pageNumber })} className="font-semibold">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function AddForm({ word, typed, error, maxWords }: { word: string; typed: string | null; error: string | null; maxWords: number }) {
  return (
    <Form method="post" aria-labelledby="add-heading" className="space-y-4 rounded-2xl border border-navy-100 bg-white p-5">
      <input type="hidden" name="intent" value="add" />
      <h2 id="add-heading" className="text-lg font-bold text-navy-950">
        Add a group
      </h2>
      <FormField id="new-words" label="Words that mean the same" hint={`${WORDS_HINT} At most ${maxWords} words, like: loo, toilet, wc.`} error={error}>
        {(control) => <Input {...control} name="words" defaultValue={typed ?? (word ? `${word}, ` : '')} autoComplete="off" spellCheck={false} />}
      </FormField>
      <p className="text-sm text-navy-700">
        A phrase finds what each other word or phrase of its group finds, either way round: “water closet, wc” makes a search for either find both.
      </p>
      <Button type="submit">Add group</Button>
    </Form>
  );
}

const ACTION_NAMES: Record<SynonymChange['action'], string> = { created: 'Added', changed: 'Changed', deleted: 'Deleted' };

function RecentChanges({ changes }: { changes: readonly SynonymChange[] }) {
  return (
    <section aria-labelledby="changes-heading" className="rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id="changes-heading" className="text-lg font-bold text-navy-950">
        Recent changes
      </h2>
      {changes.length === 0 ? (
        <p className="mt-2 text-sm text-navy-700">None yet: the groups are as the shop started with them.</p>
      ) : (
        <ol className="mt-3 space-y-3 text-sm">
          {changes.map((change, index) => (
            <li key={`${change.groupId}-${change.at}-${index}`} className="border-t border-navy-100 pt-3 first:border-t-0 first:pt-0">
              <p className="font-semibold text-navy-950">
                {ACTION_NAMES[change.action]}: <span className="font-normal break-words">{wordList(change.words)}</span>
              </p>
              <p className="text-navy-700">
                {change.by ?? 'A former member of staff'}, {londonShortDateTime(change.at)}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
