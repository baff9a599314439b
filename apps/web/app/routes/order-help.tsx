import { ApiError } from '@shop/api-client';
import { formatPence, type OrderProducts } from '@shop/contracts';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/order-help';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { OrderHelpErrors, OrderHelpFields } from '../components/order-help/order-help-fields.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { pageMeta } from '../lib/meta.ts';
import {
  chosenPositions,
  formText,
  fieldId,
  isOrderHelpForm,
  ORDER_HELP_TITLES,
  orderHelpPath,
  problemsFrom,
  PROOF_FIELDS,
  typedValues,
  type FormProblems,
  type OrderHelpForm,
} from '../lib/order-help/order-help.ts';
import { loadOrderProducts, MAX_REPORT_BYTES, proofFrom, sendOrderHelp, type OrderProof, type SentAnswer } from '../lib/order-help/order-help.server.ts';
import { trackOrderPath } from '../lib/checkout/order-tracking.ts';

/** How the end of the returns window is written: 12 March 2026. */
const RETURN_BY_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(isOrderHelpForm(params.form) ? ORDER_HELP_TITLES[params.form] : 'Help with an order', 'Help with your Plumbline order.'),
  { name: 'robots', content: 'noindex' },
];

export function loader({ params }: Route.LoaderArgs) {
  if (!isOrderHelpForm(params.form)) throw data('Not found', { status: 404 });
  return { orderNumber: params.orderNumber.trim().toUpperCase(), form: params.form };
}

type Stage =
  | { stage: 'find'; problem: string | null; emailAddress: string }
  | { stage: 'form'; order: OrderProducts; emailAddress: string | null; values: Record<string, string>; chosen: number[]; problems?: FormProblems }
  | { stage: 'sent'; answer: SentAnswer };

const NOT_FOUND = 'We couldn’t find an order with that number and e-mail address. Check both and try again.';
const NOT_LOADED = 'Your request has not been sent: the page had not finished loading. Check what you entered, then send it again.';

/**
 * Every step is a plain form post, with or without the page's scripts: `open` finds the order with
 * its proof and draws the form; `send` sends it, drawing the form again with the API's messages when
 * refused, or the reference when sent.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!isOrderHelpForm(params.form)) throw data('Not found', { status: 404 });
  const kind: OrderHelpForm = params.form;
  const orderNumber = params.orderNumber.trim().toUpperCase();
  const length = Number(request.headers.get('content-length') ?? '0');
  if (Number.isFinite(length) && length > MAX_REPORT_BYTES)
    return data<Stage>({ stage: 'find', problem: 'The photos are too large: add up to 6, each smaller than 5MB.', emailAddress: '' }, { status: 413 });
  const form = await request.formData();
  const proof: OrderProof = proofFrom(form, request);
  const typedEmail = formText(form, 'emailAddress').trim();
  if (!proof.accessToken && !proof.emailAddress && typedEmail) proof.emailAddress = typedEmail;
  if (!proof.accessToken && !proof.emailAddress) {
    const problem = form.get(PROOF_FIELDS.intent) === 'send' ? NOT_LOADED : 'Enter the e-mail address you ordered with, like name@example.com.';
    return data<Stage>({ stage: 'find', problem, emailAddress: '' }, { status: 400 });
  }
  const emailAddress = proof.emailAddress;
  let order: OrderProducts;
  try {
    order = await loadOrderProducts(proof, orderNumber);
  } catch (error) {
    const problem = error instanceof ApiError && (error.status === 404 || error.status === 400) ? NOT_FOUND : problemsFrom(error).problem;
    return data<Stage>({ stage: 'find', problem, emailAddress: emailAddress ?? '' }, { status: error instanceof ApiError ? error.status : 502 });
  }
  if (form.get(PROOF_FIELDS.intent) !== 'send') return data<Stage>({ stage: 'form', order, emailAddress, values: {}, chosen: [] });
  try {
    return data<Stage>({ stage: 'sent', answer: await sendOrderHelp(kind, proof, orderNumber, form) });
  } catch (error) {
    const problems = problemsFrom(error);
    return data<Stage>(
      { stage: 'form', order, emailAddress, values: typedValues(form), chosen: chosenPositions(form), problems },
      { status: error instanceof ApiError ? error.status : 502 },
    );
  }
}

/** One order-help form (cancel, return, report, ask, change, refund query, delivery terms) for one order. */
export default function OrderHelpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orderNumber, form } = loaderData;
  const title = ORDER_HELP_TITLES[form];
  return (
    <>
      <PageHeader title={title} trail={[{ label: 'Track your order', to: trackOrderPath(orderNumber) }, { label: `${orderNumber}: ${title}` }]} />
      <div className="container-page min-h-[30rem] max-w-3xl py-8 lg:py-10">
        {actionData?.stage === 'sent' ? (
          <Sent answer={actionData.answer} orderNumber={orderNumber} />
        ) : actionData?.stage === 'form' ? (
          <HelpForm kind={form} state={actionData} />
        ) : (
          <FindOrder orderNumber={orderNumber} form={form} failure={actionData?.stage === 'find' ? actionData : undefined} />
        )}
      </div>
    </>
  );
}

/** Reached without the order's proof (a bookmark, a refused post): the e-mail address, or the signed-in session, shows it is theirs. */
function FindOrder({
  orderNumber,
  form,
  failure,
}: {
  orderNumber: string;
  form: OrderHelpForm;
  failure: { problem: string | null; emailAddress: string } | undefined;
}) {
  const { user, status } = useShopAuth();
  return (
    <Form method="post" action={orderHelpPath(orderNumber, form)} noValidate className="space-y-5 rounded-2xl border border-navy-100 bg-white p-6">
      {failure?.problem && <OrderHelpErrors problems={{ fields: [], problem: failure.problem }} />}
      <p className="text-navy-800">
        Order <span className="font-mono font-semibold">{orderNumber}</span>.{' '}
        {status === 'signed-in' ? 'It is on your account.' : 'Enter the e-mail address you placed it with.'}
      </p>
      <input type="hidden" name={PROOF_FIELDS.intent} value="open" />
      <input type="hidden" name={PROOF_FIELDS.accessToken} value={user?.access_token ?? ''} />
      {status !== 'signed-in' && (
        <FormField id={fieldId('emailAddress')} label="E-mail address">
          {(control) => <Input {...control} type="email" name="emailAddress" autoComplete="email" defaultValue={failure?.emailAddress ?? ''} />}
        </FormField>
      )}
      <Button type="submit">Continue</Button>
    </Form>
  );
}

function HelpForm({ kind, state }: { kind: OrderHelpForm; state: Extract<Stage, { stage: 'form' }> }) {
  const { user } = useShopAuth();
  const navigation = useNavigation();
  const target = orderHelpPath(state.order.orderNumber, kind);
  const sending = navigation.state === 'submitting' && navigation.formAction === target;
  return (
    <Form
      method="post"
      action={target}
      encType={kind === 'report' ? 'multipart/form-data' : undefined}
      noValidate
      className="space-y-6 rounded-2xl border border-navy-100 bg-white p-6"
      aria-label={ORDER_HELP_TITLES[kind]}
    >
      <OrderHelpErrors problems={state.problems} />
      <p className="text-navy-800">
        Order <span className="font-mono font-semibold">{state.order.orderNumber}</span>
        {kind === 'cancel' && !state.order.canCancel && ': it has been dispatched, so what you cancel now comes back to us as a return.'}
        {kind === 'return' &&
          state.order.returnWindowEndsAt &&
          `: you can return unwanted items until ${new Date(state.order.returnWindowEndsAt).toLocaleDateString('en-GB', RETURN_BY_DATE)}.`}
      </p>
      <input type="hidden" name={PROOF_FIELDS.intent} value="send" />
      {state.emailAddress ? (
        <input type="hidden" name={PROOF_FIELDS.emailAddress} value={state.emailAddress} />
      ) : (
        <input type="hidden" name={PROOF_FIELDS.accessToken} value={user?.access_token ?? ''} />
      )}
      <OrderHelpFields kind={kind} order={state.order} values={state.values} chosen={state.chosen} problems={state.problems} />
      <Button type="submit" size="lg" loading={sending}>
        {kind === 'cancel' ? 'Cancel items' : kind === 'return' ? 'Request a return' : kind === 'report' ? 'Send report' : 'Send'}
      </Button>
    </Form>
  );
}

function Sent({ answer, orderNumber }: { answer: SentAnswer; orderNumber: string }) {
  const heading =
    answer.kind === 'cancel'
      ? answer.outcome === 'cancelled'
        ? 'Your items are cancelled'
        : 'Your cancellation is now a return'
      : answer.kind === 'return'
        ? 'Your return is requested'
        : 'We have your request';
  return (
    <section aria-labelledby="order-help-sent" className="space-y-4 rounded-2xl border border-teal-200 bg-teal-50 p-6">
      <h2 id="order-help-sent" className="text-xl font-bold text-navy-950">
        {heading}
      </h2>
      <p className="text-navy-900">
        Your reference is <strong className="font-mono">{answer.reference}</strong>. We have e-mailed it to you.
      </p>
      {answer.kind === 'cancel' && answer.refundedPence > 0 && (
        <p className="text-lg font-semibold text-navy-950">Refunded {formatPence(answer.refundedPence)}</p>
      )}
      {(answer.kind === 'return' || (answer.kind === 'cancel' && answer.returnReference)) && (
        <p className="text-navy-900">
          Returns reference: <strong className="font-mono">{answer.returnReference}</strong>
        </p>
      )}
      {answer.nextSteps.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-navy-800">
          {answer.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      )}
      <ButtonLink to={trackOrderPath(orderNumber)} variant="secondary">
        Back to your order
      </ButtonLink>
    </section>
  );
}
