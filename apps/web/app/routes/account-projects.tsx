import type { ProjectSummary } from '@shop/contracts';
import { data } from 'react-router';
import type { Route } from './+types/account-projects';
import { EmptyState } from '../components/layout/empty-state.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { TagIcon } from '../components/ui/icons.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { accountClients, loadOrProblem, throwIfSignedOutOrRateLimited } from '../lib/account/account-api.server.ts';
import { accessWords, pageOf, posted, PROJECT_STEPS, PROJECTS_PATH, projectPath, stepOf } from '../lib/account/projects.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Your projects', 'Lists of products for each job, to share and add to your basket.'),
  { name: 'robots', content: 'noindex' },
];

const PAGE_SIZE = 10;
const TRAIL = [{ label: 'Your account', to: '/account' }, { label: 'Your projects' }];

/** The customer's projects and those shared with them, each paged on its own (`?page=`, `?shared=`). */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = pageOf(url.searchParams);
  const sharedPage = pageOf(url.searchParams, 'shared');
  const { projects } = accountClients(request);
  const [mine, shared] = await Promise.all([
    loadOrProblem(request, 'projects', projects.listProjects({ query: { pageNumber: page, pageSize: PAGE_SIZE } })),
    loadOrProblem(request, 'shared projects', projects.retrieveShares({ query: { pageNumber: sharedPage, pageSize: PAGE_SIZE }, body: {} })),
  ]);
  return { page, sharedPage, mine, shared, step: stepOf(url.searchParams), here: url.pathname + url.search };
}

/** "Create project": a plain form; the new project opens. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const { projects } = accountClients(request);
  const values = { name: posted(form, 'name'), siteReference: posted(form, 'siteReference') };
  if (!values.name) return data({ values, error: 'Give the project a name, like “Flat 4 bathroom refit”' }, { status: 400 });
  try {
    const project = await projects.createProject({ body: { name: values.name, siteReference: values.siteReference || undefined } });
    return redirectWithNotice(request, `${projectPath(project.projectId)}?done=created`);
  } catch (error) {
    throwIfSignedOutOrRateLimited(request, error);
    return data({ values, error: apiProblemMessage(error) }, { status: 400 });
  }
}

export default function AccountProjectsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mine, shared, page, sharedPage, step, here } = loaderData;
  return (
    <>
      <PageHeader
        title="Your projects"
        trail={TRAIL}
        intro="Keep the products for each job together, share them with your customer or installer, and add them to your basket in one go."
      />
      <div className="container-page min-h-[36rem] space-y-12 py-8 lg:py-12">
        <div role="status" aria-live="polite">
          {step && <p className="rounded-lg border border-green-200 bg-green-50 p-3 font-medium text-green-900">{PROJECT_STEPS[step]}</p>}
        </div>
        <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <section aria-labelledby="my-projects" className="space-y-5">
            <h2 id="my-projects" className="section-heading">
              My projects
            </h2>
            {'problem' in mine ? (
              <LoadError title="We couldn’t load your projects" problem={mine.problem} retryTo={here} />
            ) : mine.data.totalCount === 0 ? (
              <EmptyState icon={<TagIcon className="size-8" />} title="No projects yet">
                <p>Create one here, or choose “Add to project” on any product page.</p>
              </EmptyState>
            ) : (
              <>
                <ProjectList projects={mine.data.projects} />
                <Pagination current={page} total={mine.data.totalPages} hrefFor={(target) => `${PROJECTS_PATH}?page=${target}`} label="Project pages" />
              </>
            )}
          </section>
          <section aria-labelledby="new-project" className="h-fit rounded-2xl border border-navy-100 bg-white p-5">
            <h2 id="new-project" className="text-lg font-bold text-navy-950">
              Create a project
            </h2>
            <form method="post" className="mt-4 space-y-4">
              <FormField label="Project name" error={actionData?.error}>
                {(control) => <Input {...control} name="name" maxLength={80} defaultValue={actionData?.values.name} autoComplete="off" />}
              </FormField>
              <FormField label="Site reference (optional)" hint="Your job number or the address, as you like">
                {(control) => <Input {...control} name="siteReference" maxLength={60} defaultValue={actionData?.values.siteReference} autoComplete="off" />}
              </FormField>
              <Button type="submit" variant="primary" className="w-full">
                Create project
              </Button>
            </form>
          </section>
        </div>
        <section aria-labelledby="shared-with-me" className="space-y-5">
          <h2 id="shared-with-me" className="section-heading">
            Shared with me
          </h2>
          {'problem' in shared ? (
            <LoadError title="We couldn’t load the projects shared with you" problem={shared.problem} retryTo={here} />
          ) : shared.data.totalCount === 0 ? (
            <p className="text-navy-700">No one has shared a project with you yet. When they do, it appears here.</p>
          ) : (
            <>
              <ProjectList projects={shared.data.projects} />
              <Pagination
                current={sharedPage}
                total={shared.data.totalPages}
                hrefFor={(target) => `${PROJECTS_PATH}?shared=${target}`}
                label="Shared project pages"
              />
            </>
          )}
        </section>
      </div>
    </>
  );
}

function ProjectList({ projects }: { projects: ProjectSummary[] }) {
  return (
    <ul className="divide-y divide-navy-100 rounded-2xl border border-navy-100 bg-white">
      {projects.map((project) => (
        <li key={project.projectId} className="grid gap-2 p-5 sm:grid-cols-[1fr_auto] sm:items-center">
          <div>
            <p className="flex flex-wrap items-center gap-2">
              <Link to={projectPath(project.projectId)} className="text-lg font-semibold">
                {project.name}
              </Link>
              {project.access !== 'owner' && <Badge tone="info">{accessWords[project.access]}</Badge>}
            </p>
            <p className="text-sm text-navy-700">
              {project.lineCount} product{project.lineCount === 1 ? '' : 's'}
              {project.siteReference && ` · ${project.siteReference}`}
              {project.sharedBy && ` · shared by ${project.sharedBy}`}
            </p>
          </div>
          <p className="text-sm text-navy-600">Changed {formatInstant(project.updatedAt)}</p>
        </li>
      ))}
    </ul>
  );
}
