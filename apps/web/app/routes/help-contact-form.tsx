import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/help-contact-form';
import { EnquiryForm, EnquirySentPanel } from '../components/help-forms/enquiry-form.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { normaliseOrderNumber } from '@shop/contracts';
import { enquiryFormOf, MOVED_FORMS, prefilledValues } from '../lib/help-centre/enquiry-forms.ts';
import { ENQUIRY_FORM_MAX_BYTES, refusedAsTooLarge, signedInContact, submitEnquiry } from '../lib/help-centre/enquiries.server.ts';
import { tooLargeToRead, typedFieldsOf } from '../lib/uploads/posted-form.ts';
import { pageMeta } from '../lib/meta.ts';

export function loader({ params, request }: Route.LoaderArgs) {
  const moved = params.type ? MOVED_FORMS[params.type] : undefined;
  if (moved) throw redirect(moved.to, 301);
  const form = enquiryFormOf(params.type);
  if (!form) throw data(null, { status: 404 });
  const query = new URL(request.url).searchParams;
  const sku = form.takesSku ? (query.get('sku')?.slice(0, 40) ?? '') : '';
  // A signed-in customer's name and address, and, opened from an order's page, the order number.
  const orderNumber = normaliseOrderNumber(query.get('orderNumber') ?? '');
  const initial = { ...prefilledValues(form, signedInContact(request), orderNumber), ...(sku ? { sku } : {}) };
  return { slug: form.slug, initial };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const form = enquiryFormOf(loaderData?.slug);
  return form ? pageMeta(form.title, form.summary) : [];
};

/** The form posted, as a plain form or by the page's scripts: sent to the API; refused, drawn again with why. */
export async function action({ request, params }: Route.ActionArgs) {
  const moved = params.type ? MOVED_FORMS[params.type] : undefined;
  if (moved) throw redirect(moved.to, 303);
  const form = enquiryFormOf(params.type);
  if (!form) throw data(null, { status: 404 });
  if (tooLargeToRead(request, ENQUIRY_FORM_MAX_BYTES)) return data(refusedAsTooLarge(await typedFieldsOf(request)), { status: 413 });
  const result = await submitEnquiry(form, await request.formData(), request);
  return result.sent ? result : data(result, { status: 400 });
}

/** One help-centre form (`/help/contact/:type`); product forms take the product code from `?sku=`, order enquiries the number from `?orderNumber=`. */
export default function HelpContactFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const form = enquiryFormOf(loaderData.slug)!;
  const formAction = `/help/contact/${form.slug}`;
  return (
    <>
      <PageHeader
        title={form.title}
        trail={[{ label: 'Help centre', to: '/help' }, { label: 'Contact us', to: '/help/contact' }, { label: form.title }]}
        intro={<p>{form.intro ?? form.summary}</p>}
      />
      <div className="container-page max-w-3xl py-8 lg:py-10">
        {actionData?.sent ? (
          <>
            <EnquirySentPanel sent={actionData} />
            <p className="mt-6">
              <Link to="/help/contact" className="font-semibold text-teal-700 underline">
                Back to contact us
              </Link>
            </p>
          </>
        ) : (
          <EnquiryForm form={form} action={formAction} failure={actionData && !actionData.sent ? actionData : undefined} initial={loaderData.initial} />
        )}
      </div>
    </>
  );
}
