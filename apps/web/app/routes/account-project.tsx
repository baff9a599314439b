import { ApiError } from '@shop/api-client';
import { formatPence, type AddedToBasket, type Project, type ProjectLine, type ProjectSuggestion } from '@shop/contracts';
import { data, redirect } from 'react-router';
import type { Route } from './+types/account-project';
import { PageHeader } from '../components/layout/page-header.tsx';
import { CompleteYourBathroom } from '../components/projects/complete-your-bathroom.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Select } from '../components/ui/select.tsx';
import { accountClients, loadOrProblem, throwIfSignedOutOrRateLimited } from '../lib/account/account-api.server.ts';
import { accessWords, pageOf, posted, postedQuantity, PROJECT_STEPS, PROJECTS_PATH, projectPath, stepOf, type ProjectStep } from '../lib/account/projects.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { productPath } from '../lib/catalogue.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData && 'data' in loaderData.project ? loaderData.project.data.name : 'Project', 'A project of products for one job.'),
  { name: 'robots', content: 'noindex' },
];

const PAGE_SIZE = 50;

/** The project with a page of its lines at the viewer's own prices; `?refresh=1` checks prices and stock against what they saw last. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageOf(url.searchParams);
  const refresh = url.searchParams.get('refresh') === '1';
  const { projects } = accountClients(request);
  const [project, suggestions] = await Promise.all([
    loadOrProblem(
      request,
      'project',
      projects
        .getProject({ params: { projectId: params.projectId }, query: { pageNumber: page, pageSize: PAGE_SIZE, refreshProject: refresh ? 'true' : 'false' } })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
          throw error;
        }),
    ),
    // An extra: when it cannot load, the project's page is complete without it.
    projects.completeYourBathroom({ params: { projectId: params.projectId } }).then(
      (answer) => answer.items,
      (): ProjectSuggestion[] => [],
    ),
  ]);
  // One key per drawing of the page: pressing "Add all to basket" twice (or resending the form) adds once.
  return { project, suggestions, page, refresh, step: stepOf(url.searchParams), addAllKey: crypto.randomUUID(), here: url.pathname + url.search };
}

const INTENTS = ['line', 'suggested', 'remove', 'swap', 'details', 'add-all', 'copy', 'share', 'role', 'unshare', 'delete'] as const;
type Intent = (typeof INTENTS)[number];

export interface ProjectFailure {
  intent: Intent;
  /** The line or share the refusal is about, so it is said there. */
  about?: string;
  message: string;
}

/** Every change on the page is a plain form posted here, answered with a 303 back to the page (or, for add-all, the report itself). */
export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = INTENTS.find((each) => each === form.get('intent'));
  const projectId = params.projectId;
  const here = projectPath(projectId);
  if (!intent) return redirect(here, 303);
  const { projects } = accountClients(request);
  const sku = posted(form, 'sku');
  const email = posted(form, 'emailAddress');
  const done = (step: ProjectStep, path = here) => redirectWithNotice(request, `${path}?done=${step}`);
  try {
    switch (intent) {
      case 'line': {
        const quantity = postedQuantity(form);
        if (quantity === null) return data<ProjectFailure>({ intent, about: sku, message: 'Enter a quantity from 1 to 999' }, { status: 400 });
        await projects.setItems({ params: { projectId }, body: { items: [{ sku, quantity, note: posted(form, 'note') }] } });
        return done('line');
      }
      case 'suggested': {
        // Already there (added in another tab since the page was drawn): its quantity is left as it is.
        const { found } = await projects.checkIfVariantsExistInProject({ params: { projectId }, body: [sku] });
        if (found.length === 0) await projects.setItems({ params: { projectId }, body: { items: [{ sku, quantity: 1 }] } });
        return done('added');
      }
      case 'remove':
        await projects.setItems({ params: { projectId }, body: { removeSkus: [sku] } });
        return done('removed');
      case 'swap':
        await projects.updateProjectItemVariant({ params: { projectId }, body: { sku, newSku: posted(form, 'newSku') } });
        return done('swapped');
      case 'details': {
        const version = Number(posted(form, 'version'));
        await projects.editProject({
          params: { projectId },
          body: { name: posted(form, 'name'), description: posted(form, 'description'), siteReference: posted(form, 'siteReference'), version },
        });
        return done('saved');
      }
      case 'add-all': {
        const report = await projects.addAllToBasket({ params: { projectId }, body: {} }, { headers: { 'idempotency-key': posted(form, 'key') } });
        return data({ intent, report });
      }
      case 'copy': {
        const copy = await projects.createProject({ body: { name: posted(form, 'name') || 'Copy of a shared project', copyFromProjectId: projectId } });
        return done('copied', projectPath(copy.projectId));
      }
      case 'share':
        await projects.shareProject({ params: { projectId }, body: { emailAddress: email, role: posted(form, 'role') === 'edit' ? 'edit' : 'view' } });
        return done('shared');
      case 'role':
        await projects.shareProject({ params: { projectId }, body: { emailAddress: email, role: posted(form, 'role') === 'edit' ? 'edit' : 'view' } });
        return done('role');
      case 'unshare':
        await projects.shareProject({ params: { projectId }, body: { emailAddress: email, role: 'none' } });
        return done('unshared');
      case 'delete':
        await projects.deleteProject({ params: { projectId } });
        return done('deleted', PROJECTS_PATH);
    }
  } catch (error) {
    throwIfSignedOutOrRateLimited(request, error);
    const status = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.status : 503;
    // A suggestion is not a line: its refusal is said at the top of the page.
    const about = intent === 'suggested' ? undefined : sku || email || undefined;
    return data<ProjectFailure>({ intent, about, message: apiProblemMessage(error) }, { status });
  }
}

type ActionData = Route.ComponentProps['actionData'];
const failureOf = (actionData: ActionData): ProjectFailure | undefined => (actionData && 'message' in actionData ? actionData : undefined);
const reportOf = (actionData: ActionData): AddedToBasket | undefined => (actionData && 'report' in actionData ? actionData.report : undefined);

export default function AccountProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project } = loaderData;
  if ('problem' in project) {
    return (
      <div className="container-page py-12">
        <LoadError title="We couldn’t load this project" problem={project.problem} retryTo={loaderData.here} />
      </div>
    );
  }
  const p = project.data;
  const trail = [{ label: 'Your account', to: '/account' }, { label: 'Your projects', to: PROJECTS_PATH }, { label: p.name }];
  const intro = (
    <p className="flex flex-wrap items-center gap-2 text-base">
      {p.access !== 'owner' && <Badge tone="info">{accessWords[p.access]}</Badge>}
      {p.sharedBy && <span>Shared with you by {p.sharedBy}.</span>}
      {p.siteReference && <span>Site reference: {p.siteReference}.</span>}
      <span>
        {p.totals.lineCount} product{p.totals.lineCount === 1 ? '' : 's'}
      </span>
    </p>
  );
  return (
    <>
      <PageHeader title={p.name} trail={trail} intro={intro} />
      <div className="container-page min-h-[36rem] space-y-8 py-8 lg:py-12">
        <Notices step={loaderData.step} project={p} refresh={loaderData.refresh} failure={failureOf(actionData)} report={reportOf(actionData)} />
        {p.description && <p className="max-w-3xl text-navy-800">{p.description}</p>}
        <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
          <div className="min-w-0 space-y-10">
            <section aria-labelledby="lines" className="space-y-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h2 id="lines" className="section-heading">
                  Products
                </h2>
                <Link to={`${projectPath(p.projectId)}?refresh=1`}>Check prices and stock</Link>
              </div>
              {p.lines.length === 0 ? (
                <p className="rounded-2xl border border-dashed border-navy-200 bg-white p-6 text-navy-700">
                  No products yet. Choose “Add to project” on a product page to add one.
                </p>
              ) : (
                <ul className="divide-y divide-navy-100 rounded-2xl border border-navy-100 bg-white">
                  {p.lines.map((line) => (
                    <Line key={line.sku} line={line} canEdit={p.access !== 'view'} failure={failureOf(actionData)} />
                  ))}
                </ul>
              )}
              <Pagination
                current={loaderData.page}
                total={p.totalPages}
                hrefFor={(target) => `${projectPath(p.projectId)}?page=${target}`}
                label="Product pages"
              />
            </section>
            <CompleteYourBathroom items={loaderData.suggestions} canEdit={p.access !== 'view'} />
          </div>
          <aside className="space-y-6">
            <Summary project={p} addAllKey={loaderData.addAllKey} />
            {p.access !== 'view' && <Details project={p} />}
            {p.access === 'owner' && <Sharing project={p} failure={failureOf(actionData)} />}
            {p.access === 'owner' && p.orders.length > 0 && <Orders project={p} />}
            {p.access === 'owner' && (
              <form method="post">
                <input type="hidden" name="intent" value="delete" />
                <Button type="submit" variant="ghost" className="w-full text-red-800">
                  Delete this project
                </Button>
              </form>
            )}
          </aside>
        </div>
      </div>
    </>
  );
}

function Notices({
  step,
  project,
  refresh,
  failure,
  report,
}: {
  step: ProjectStep | null;
  project: Project;
  refresh: boolean;
  failure: ProjectFailure | undefined;
  report: AddedToBasket | undefined;
}) {
  return (
    <div role="status" aria-live="polite" className="space-y-3 empty:hidden">
      {step && !failure && !report && <p className="rounded-lg border border-green-200 bg-green-50 p-3 font-medium text-green-900">{PROJECT_STEPS[step]}</p>}
      {failure && !failure.about && <p className="rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-900">{failure.message}</p>}
      {refresh && (
        <div className="rounded-lg border border-teal-200 bg-teal-50 p-3 text-navy-900">
          <p className="font-semibold">Prices and stock checked.</p>
          {project.notices.length === 0 ? (
            <p>Nothing has changed since you last checked.</p>
          ) : (
            <ul className="mt-1 list-disc pl-5">
              {project.notices.map((notice) => (
                <li key={`${notice.sku}-${notice.type}`}>{notice.message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {report && (
        <div className="rounded-lg border border-green-200 bg-green-50 p-4 text-navy-900">
          <p className="font-semibold">
            {report.added.length === 0
              ? 'Nothing could be added to your basket.'
              : `Added ${report.added.length} product${report.added.length === 1 ? '' : 's'} to your basket.`}
          </p>
          {report.notAdded.length > 0 && (
            <ul className="mt-2 list-disc pl-5">
              {report.notAdded.map((line) => (
                <li key={line.sku}>{line.message}</li>
              ))}
            </ul>
          )}
          <ButtonLink to="/basket" variant="primary" size="sm" className="mt-3">
            Go to basket
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

function Line({ line, canEdit, failure }: { line: ProjectLine; canEdit: boolean; failure: ProjectFailure | undefined }) {
  const name = line.label && line.label !== 'Standard' ? `${line.productName} (${line.label})` : line.productName;
  const problem = failure?.about === line.sku ? failure.message : undefined;
  return (
    <li className="grid gap-4 p-5 sm:grid-cols-[4.5rem_1fr]" aria-label={name}>
      {line.imageUrl ? (
        <img src={line.imageUrl} alt="" width={72} height={72} className="size-18 rounded-lg bg-sand-100 object-cover" />
      ) : (
        <span aria-hidden="true" className="size-18 rounded-lg bg-sand-100" />
      )}
      <div className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <p className="font-semibold text-navy-950">{line.productSlug ? <Link to={productPath(line.productSlug)}>{name}</Link> : name}</p>
            <p className="text-sm text-navy-600">Code {line.sku}</p>
            {line.note && !canEdit && <p className="text-sm text-navy-800">Note: {line.note}</p>}
          </div>
          <div className="text-right">
            <p className="font-bold tabular-nums text-navy-950">{formatPence(line.lineTotalIncVat)}</p>
            <p className="text-sm text-navy-600">
              {line.quantity} × {formatPence(line.priceIncVat)}
            </p>
            {!line.available && (
              <Badge tone="sale" className="mt-1">
                {line.stockStatus === 'discontinued' ? 'No longer sold' : 'Out of stock'}
              </Badge>
            )}
          </div>
        </div>
        {problem && <p className="font-medium text-red-800">{problem}</p>}
        {canEdit && (
          <div className="flex flex-wrap items-end gap-3">
            <form method="post" className="flex flex-wrap items-end gap-3">
              <input type="hidden" name="intent" value="line" />
              <input type="hidden" name="sku" value={line.sku} />
              <FormField label="Quantity" className="w-24">
                {(control) => <Input {...control} name="quantity" inputMode="numeric" defaultValue={line.quantity} />}
              </FormField>
              <FormField label="Note" className="w-56">
                {(control) => <Input {...control} name="note" maxLength={200} defaultValue={line.note ?? ''} placeholder="Room or position" />}
              </FormField>
              <Button type="submit" variant="secondary">
                Save<span className="sr-only"> {name}</span>
              </Button>
            </form>
            {line.variants.length > 0 && (
              <form method="post" className="flex flex-wrap items-end gap-3">
                <input type="hidden" name="intent" value="swap" />
                <input type="hidden" name="sku" value={line.sku} />
                <FormField label="Other size or finish" className="w-48">
                  {(control) => <Select {...control} name="newSku" options={line.variants.map((variant) => ({ value: variant.sku, label: variant.label }))} />}
                </FormField>
                <Button type="submit" variant="secondary">
                  Change<span className="sr-only"> size or finish of {name}</span>
                </Button>
              </form>
            )}
            <form method="post">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="sku" value={line.sku} />
              <Button type="submit" variant="ghost">
                Remove<span className="sr-only"> {name}</span>
              </Button>
            </form>
          </div>
        )}
      </div>
    </li>
  );
}

function Summary({ project, addAllKey }: { project: Project; addAllKey: string }) {
  return (
    <section aria-labelledby="summary" className="space-y-4 rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id="summary" className="text-lg font-bold text-navy-950">
        Summary
      </h2>
      <p className="flex justify-between text-navy-900">
        <span>Available products, your prices</span>
        <span className="font-bold tabular-nums">{formatPence(project.totals.availableIncVat)}</span>
      </p>
      <form method="post">
        <input type="hidden" name="intent" value="add-all" />
        <input type="hidden" name="key" value={addAllKey} />
        <Button type="submit" variant="primary" className="w-full" disabled={project.totals.lineCount === 0}>
          Add all to basket
        </Button>
      </form>
      <form method="post" className="space-y-3 border-t border-navy-100 pt-4">
        <input type="hidden" name="intent" value="copy" />
        <FormField label="Name for your copy">
          {(control) => <Input {...control} name="name" maxLength={80} defaultValue={project.access === 'owner' ? `${project.name} (copy)` : project.name} />}
        </FormField>
        <Button type="submit" variant="secondary" className="w-full">
          Copy into my projects
        </Button>
      </form>
    </section>
  );
}

function Details({ project }: { project: Project }) {
  return (
    <details className="rounded-2xl border border-navy-100 bg-white p-5">
      <summary className="cursor-pointer text-lg font-bold text-navy-950">Edit details</summary>
      <form method="post" className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="details" />
        <input type="hidden" name="version" value={project.version} />
        <FormField label="Project name">{(control) => <Input {...control} name="name" maxLength={80} defaultValue={project.name} />}</FormField>
        <FormField label="Site reference (optional)">
          {(control) => <Input {...control} name="siteReference" maxLength={60} defaultValue={project.siteReference ?? ''} />}
        </FormField>
        <FormField label="Description (optional)">
          {(control) => (
            <textarea
              {...control}
              name="description"
              maxLength={500}
              rows={3}
              defaultValue={project.description ?? ''}
              className="block w-full rounded-lg border border-navy-300 px-3.5 py-2"
            />
          )}
        </FormField>
        <Button type="submit" variant="secondary" className="w-full">
          Save details
        </Button>
      </form>
    </details>
  );
}

function Sharing({ project, failure }: { project: Project; failure: ProjectFailure | undefined }) {
  const shareProblem = failure && ['share', 'role', 'unshare'].includes(failure.intent) ? failure.message : undefined;
  return (
    <section aria-labelledby="sharing" className="space-y-4 rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id="sharing" className="text-lg font-bold text-navy-950">
        Share this project
      </h2>
      <p className="text-sm text-navy-700">Each person sees their own prices: your trade prices are never shown to them.</p>
      <form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="share" />
        <FormField label="Their e-mail address" error={failure?.intent === 'share' ? shareProblem : undefined}>
          {(control) => <Input {...control} type="email" name="emailAddress" autoComplete="off" spellCheck={false} />}
        </FormField>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-navy-950">They can</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="role" value="view" defaultChecked className="size-4 accent-teal-700" /> View it
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="role" value="edit" className="size-4 accent-teal-700" /> View and change it
          </label>
        </fieldset>
        <Button type="submit" variant="primary" className="w-full">
          Share
        </Button>
      </form>
      {project.shares.length > 0 && (
        <div className="space-y-3 border-t border-navy-100 pt-4">
          <h3 className="font-semibold text-navy-950">Shared with</h3>
          {failure && failure.intent !== 'share' && shareProblem && <p className="font-medium text-red-800">{shareProblem}</p>}
          <ul className="space-y-3">
            {project.shares.map((share) => (
              <li key={share.emailAddress} className="space-y-2">
                <p className="break-all text-navy-900">
                  {share.emailAddress} <Badge>{share.role === 'edit' ? 'Can edit' : 'Can view'}</Badge>
                </p>
                <div className="flex flex-wrap gap-2">
                  <form method="post">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="emailAddress" value={share.emailAddress} />
                    <input type="hidden" name="role" value={share.role === 'edit' ? 'view' : 'edit'} />
                    <Button type="submit" variant="secondary" size="sm">
                      {share.role === 'edit' ? 'Make view only' : 'Let them edit'}
                      <span className="sr-only"> ({share.emailAddress})</span>
                    </Button>
                  </form>
                  <form method="post">
                    <input type="hidden" name="intent" value="unshare" />
                    <input type="hidden" name="emailAddress" value={share.emailAddress} />
                    <Button type="submit" variant="ghost" size="sm">
                      Stop sharing<span className="sr-only"> with {share.emailAddress}</span>
                    </Button>
                  </form>
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function Orders({ project }: { project: Project }) {
  return (
    <section aria-labelledby="project-orders" className="space-y-3 rounded-2xl border border-navy-100 bg-white p-5">
      <h2 id="project-orders" className="text-lg font-bold text-navy-950">
        Orders from this project
      </h2>
      <ul className="space-y-2">
        {project.orders.map((order) => (
          <li key={order.orderNumber} className="flex justify-between gap-2">
            <Link to={`/account/orders/${encodeURIComponent(order.orderNumber)}`}>{order.orderNumber}</Link>
            <span className="text-sm text-navy-700">
              {formatInstant(order.placedAt)} · {formatPence(order.totalIncVat)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
