import { Form } from 'react-router';
import type { Route } from './+types/help-contact-confirm';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { callByToken } from '../lib/help-centre/enquiries.server.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Confirm your request', 'Confirm you asked us to delete your account.'),
  { name: 'robots', content: 'noindex' },
];

/** Confirming is a POST from this page (a mail scanner opening the link must not confirm for the person). */
export const action = ({ params, request }: Route.ActionArgs) =>
  callByToken<{ reference: string }>('POST', `/Enquiry/account-deactivation-delete-request/confirm/${encodeURIComponent(params.token)}`, request);

export default function ConfirmDeletionPage({ actionData, params }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Confirm your request" trail={[{ label: 'Help centre', to: '/help' }, { label: 'Confirm your request' }]} />
      <div className="container-page max-w-2xl py-8 lg:py-10">
        {actionData?.ok ? (
          <p className="text-lg text-navy-900" role="status">
            Thank you: request {actionData.value.reference} is confirmed. Our data protection officer will delete your account within one month and e-mail you
            when it is done.
          </p>
        ) : (
          <>
            {actionData && (
              <p className="mb-4 font-semibold text-red-800" role="alert">
                {actionData.message}
              </p>
            )}
            <p className="text-navy-900">
              Confirm that you asked us to delete your account and personal details. If you did not ask, close this page: nothing will be deleted.
            </p>
            <Form method="post" action={`/help/contact/confirm-deletion/${params.token}`} className="mt-6">
              <Button type="submit">Confirm: delete my account</Button>
            </Form>
          </>
        )}
      </div>
    </>
  );
}
