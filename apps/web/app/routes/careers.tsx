import { data } from 'react-router';
import type { Route } from './+types/careers';
import { EnquiryForm, EnquirySentPanel } from '../components/help-forms/enquiry-form.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { jobApplicationForm, prefilledValues } from '../lib/help-centre/enquiry-forms.ts';
import { openRoles, ENQUIRY_FORM_MAX_BYTES, refusedAsTooLarge, signedInContact, submitEnquiry } from '../lib/help-centre/enquiries.server.ts';
import { tooLargeToRead, typedFieldsOf } from '../lib/uploads/posted-form.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => pageMeta('Careers', 'Jobs at Plumbline: the roles open now, and how to apply.');

export async function loader({ request }: Route.LoaderArgs) {
  const roles = await openRoles(request);
  // A signed-in applicant finds their name and e-mail address filled in.
  return { roles, initial: prefilledValues(jobApplicationForm(roles), signedInContact(request), null) };
}

export async function action({ request }: Route.ActionArgs) {
  if (tooLargeToRead(request, ENQUIRY_FORM_MAX_BYTES)) return data(refusedAsTooLarge(await typedFieldsOf(request)), { status: 413 });
  const result = await submitEnquiry(jobApplicationForm(await openRoles(request)), await request.formData(), request);
  return result.sent ? result : data(result, { status: 400 });
}

/** Careers: the roles open now and one application form (a CV as a PDF or Word document). */
export default function CareersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { roles } = loaderData;
  return (
    <>
      <PageHeader
        title="Careers"
        trail={[{ label: 'Help centre', to: '/help' }, { label: 'Careers' }]}
        intro={<p>Join the team that keeps Britain’s bathrooms running.</p>}
      />
      <div className="container-page max-w-3xl space-y-10 py-8 lg:py-10">
        <section aria-labelledby="open-roles">
          <h2 id="open-roles" className="text-xl font-bold text-navy-950">
            Roles open now
          </h2>
          {roles.length === 0 ? (
            <p className="mt-3 text-navy-800">We can’t show our open roles just now. Please try again in a few minutes.</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {roles.map((role) => (
                <li key={role.id} className="rounded-2xl border border-navy-100 bg-white p-5">
                  <h3 className="font-semibold text-navy-950">{role.title}</h3>
                  <p className="text-sm text-navy-600">{role.location}</p>
                  <p className="mt-2 text-navy-800">{role.summary}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
        {roles.length > 0 && (
          <section aria-labelledby="apply">
            <h2 id="apply" className="mb-4 text-xl font-bold text-navy-950">
              Apply
            </h2>
            {actionData?.sent ? (
              <EnquirySentPanel sent={actionData} />
            ) : (
              <EnquiryForm
                form={jobApplicationForm(roles)}
                action="/careers"
                failure={actionData && !actionData.sent ? actionData : undefined}
                initial={loaderData.initial}
              />
            )}
          </section>
        )}
      </div>
    </>
  );
}
