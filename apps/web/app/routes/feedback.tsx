import { data } from 'react-router';
import type { Route } from './+types/feedback';
import { EnquiryForm, EnquirySentPanel } from '../components/help-forms/enquiry-form.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { FEEDBACK_FORM, prefilledValues } from '../lib/help-centre/enquiry-forms.ts';
import { signedInContact, submitEnquiry } from '../lib/help-centre/enquiries.server.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => pageMeta('Feedback', 'Tell us what you think of our shop and website.');

/** A signed-in customer finds their name and e-mail address filled in. */
export function loader({ request }: Route.LoaderArgs) {
  return { initial: prefilledValues(FEEDBACK_FORM, signedInContact(request), null) };
}

export async function action({ request }: Route.ActionArgs) {
  const result = await submitEnquiry(FEEDBACK_FORM, await request.formData(), request);
  return result.sent ? result : data(result, { status: 400 });
}

/** Feedback: a rating from 1 to 5, comments and the page it is about; read by customer service. */
export default function FeedbackPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title={FEEDBACK_FORM.title}
        trail={[{ label: 'Help centre', to: '/help' }, { label: 'Feedback' }]}
        intro={<p>We read every comment. If you would like an answer to a question, use a contact form instead.</p>}
      />
      <div className="container-page max-w-3xl py-8 lg:py-10">
        {actionData?.sent ? (
          <EnquirySentPanel sent={actionData} />
        ) : (
          <EnquiryForm form={FEEDBACK_FORM} action="/feedback" failure={actionData && !actionData.sent ? actionData : undefined} initial={loaderData.initial} />
        )}
      </div>
    </>
  );
}
