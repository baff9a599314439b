import { ApiError } from '@shop/api-client';
import { formatPence, normaliseOrderNumber, type OrderProducts } from '@shop/contracts';
import { data, Form, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/order-help';
import { PageHeader } from '../components/layout/page-header.tsx';
import { OrderHelpErrors, OrderHelpFields } from '../components/order-help/order-help-fields.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { Link } from '../components/ui/link.tsx';
import { signInPath } from '../lib/auth/settings.ts';
import { pageMeta } from '../lib/meta.ts';
import {
  chosenPositions,
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
import { orderHelpHome } from '../lib/order-help/order-link.ts';
import { tooLargeToRead } from '../lib/uploads/posted-form.ts';

/** How the end of the returns window is written: 12 March 2026. */
const RETURN_BY_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(isOrderHelpForm(params.form) ? ORDER_HELP_TITLES[params.form] : 'Help with an order', 'Help with your Plumbline order.'),
  { name: 'robots', content: 'noindex' },
];

/** How the customer proved the order is theirs: the e-mailed link's cookie, or their account (the storefront's session). */
type Via = 'link' | 'account';

type Stage =
  | { stage: 'find'; problem: string | null }
  | { stage: 'form'; via: Via; order: OrderProducts; values: Record<string, string>; chosen: number[]; problems?: FormProblems }
  | { stage: 'sent'; via: Via; answer: SentAnswer };

const NO_PROOF =
  'Your request has not been sent: you are not signed in, and this device does not have the link we e-mailed for this order. ' +
  'Sign in, or ask for a link, then send it again.';

/** A refusal of the order's proof (decision 0049): the API's words, which say to use or ask for the e-mailed link. */
const proofRefused = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404 || error.status === 400);

/** The link's holder goes back to the order's own page; the signed-in customer to the order in their account. */
const viaOf = (proof: OrderProof): Via => (proof.linkToken ? 'link' : 'account');

const NO_STORE = { 'cache-control': 'no-store' };

/**
 * The form is drawn at once, on the server, for whoever may change the order: the signed-in
 * customer (the storefront's session, decision 0063) or the holder of the e-mailed link's cookie.
 * Anyone else is told how to get one.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (!isOrderHelpForm(params.form)) throw data('Not found', { status: 404 });
  const orderNumber = normaliseOrderNumber(params.orderNumber) ?? params.orderNumber.trim().toUpperCase();
  const form: OrderHelpForm = params.form;
  const proof = proofFrom(request);
  const signedIn = proof.accessToken !== null;
  const page = (stage: Stage) => data({ orderNumber, form, signedIn, stage }, { headers: NO_STORE });
  if (!proof.accessToken && !proof.linkToken) return page({ stage: 'find', problem: null });
  try {
    const order = await loadOrderProducts(proof, orderNumber);
    return page({ stage: 'form', via: viaOf(proof), order, values: {}, chosen: [] });
  } catch (error) {
    if (!proofRefused(error) && !(error instanceof ApiError && error.status === 429)) throw error;
    return page({ stage: 'find', problem: problemsFrom(error).problem });
  }
}

/**
 * Sending the form: a plain form post, with or without the page's scripts. Refused, the form is drawn
 * again with the API's messages; sent, the page shows the reference.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!isOrderHelpForm(params.form)) throw data('Not found', { status: 404 });
  const kind: OrderHelpForm = params.form;
  const orderNumber = normaliseOrderNumber(params.orderNumber) ?? params.orderNumber.trim().toUpperCase();
  if (tooLargeToRead(request, MAX_REPORT_BYTES))
    return data<Stage>({ stage: 'find', problem: 'The photos are too large: add up to 6, each smaller than 5MB.' }, { status: 413 });
  const form = await request.formData();
  // Anything else posted here (an old page's "open" button) is the page itself.
  if (form.get(PROOF_FIELDS.intent) !== 'send') throw redirect(orderHelpPath(orderNumber, kind), 303);
  const proof = proofFrom(request);
  if (!proof.accessToken && !proof.linkToken) return data<Stage>({ stage: 'find', problem: NO_PROOF }, { status: 401 });
  const via = viaOf(proof);
  let order: OrderProducts;
  try {
    order = await loadOrderProducts(proof, orderNumber);
  } catch (error) {
    return data<Stage>({ stage: 'find', problem: problemsFrom(error).problem }, { status: error instanceof ApiError ? error.status : 502 });
  }
  try {
    return data<Stage>({ stage: 'sent', via, answer: await sendOrderHelp(kind, proof, orderNumber, form) });
  } catch (error) {
    const problems = problemsFrom(error);
    return data<Stage>(
      { stage: 'form', via, order, values: typedValues(form), chosen: chosenPositions(form), problems },
      { status: error instanceof ApiError ? error.status : 502 },
    );
  }
}

/** One order-help form (cancel, return, report, ask, change, refund query, delivery terms) for one order. */
export default function OrderHelpPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orderNumber, form } = loaderData;
  const title = ORDER_HELP_TITLES[form];
  const state: Stage = actionData ?? loaderData.stage;
  return (
    <>
      <PageHeader
        title={title}
        trail={[{ label: 'Manage your order', to: orderHelpHome(orderNumber), reloadDocument: true }, { label: `${orderNumber}: ${title}` }]}
      />
      <div className="container-page min-h-[30rem] max-w-3xl py-8 lg:py-10">
        {state.stage === 'sent' ? (
          <Sent answer={state.answer} orderNumber={orderNumber} via={state.via} />
        ) : state.stage === 'form' ? (
          <HelpForm kind={form} state={state} />
        ) : (
          <FindOrder orderNumber={orderNumber} form={form} problem={state.problem} signedIn={loaderData.signedIn} />
        )}
      </div>
    </>
  );
}

/**
 * Reached without the order's proof (a bookmark, an expired link, someone else's order): the way to
 * sign in, or to ask for the e-mailed link on the order's page.
 */
function FindOrder({ orderNumber, form, problem, signedIn }: { orderNumber: string; form: OrderHelpForm; problem: string | null; signedIn: boolean }) {
  return (
    <div className="space-y-5 rounded-2xl border border-navy-100 bg-white p-6">
      {problem && <OrderHelpErrors problems={{ fields: [], problem }} />}
      <p className="text-navy-800">
        To change order <span className="font-mono font-semibold">{orderNumber}</span>,{' '}
        {signedIn ? (
          <>
            find it in <Link to="/account/orders">your orders</Link> if you placed it signed in, or
          </>
        ) : (
          <>
            <Link to={signInPath(orderHelpPath(orderNumber, form))}>sign in</Link> if you placed it signed in, or
          </>
        )}{' '}
        <Link to={orderHelpHome(orderNumber)}>ask for a link</Link> to manage it: we e-mail it to the address the order was placed with.
      </p>
    </div>
  );
}

function HelpForm({ kind, state }: { kind: OrderHelpForm; state: Extract<Stage, { stage: 'form' }> }) {
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
      {/* Who is asking goes with the post by itself: the session's cookie, or the e-mailed link's. */}
      <input type="hidden" name={PROOF_FIELDS.intent} value="send" />
      <OrderHelpFields kind={kind} order={state.order} values={state.values} chosen={state.chosen} problems={state.problems} />
      <Button type="submit" size="lg" loading={sending}>
        {kind === 'cancel' ? 'Cancel items' : kind === 'return' ? 'Request a return' : kind === 'report' ? 'Send report' : 'Send'}
      </Button>
    </Form>
  );
}

function Sent({ answer, orderNumber, via }: { answer: SentAnswer; orderNumber: string; via: Via }) {
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
        <p className="text-lg font-semibold text-navy-950">
          {answer.creditedToAccount ? 'Credited to your account with Two' : 'Refunded'} {formatPence(answer.refundedPence)}
        </p>
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
      <ButtonLink
        to={via === 'link' ? orderHelpHome(orderNumber) : `/account/orders/${encodeURIComponent(orderNumber)}`}
        reloadDocument={via === 'link'}
        variant="secondary"
      >
        Back to your order
      </ButtonLink>
    </section>
  );
}
