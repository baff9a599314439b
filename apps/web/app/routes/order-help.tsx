import { ApiError } from '@shop/api-client';
import { formatPence, normaliseOrderNumber, type OrderProducts } from '@shop/contracts';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/order-help';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { OrderHelpErrors, OrderHelpFields } from '../components/order-help/order-help-fields.tsx';
import { Button, ButtonLink } from '../components/ui/button.tsx';
import { Link } from '../components/ui/link.tsx';
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

/** How the customer proved the order is theirs: the e-mailed link's cookie, or their account (signed in, token posted by the page). */
type Via = 'link' | 'account';

type Stage =
  | { stage: 'find'; problem: string | null }
  | { stage: 'form'; via: Via; order: OrderProducts; values: Record<string, string>; chosen: number[]; problems?: FormProblems }
  | { stage: 'sent'; via: Via; answer: SentAnswer };

const NOT_LOADED = 'Your request has not been sent: the page had not finished loading. Check what you entered, then send it again.';

/** A refusal of the order's proof (decision 0049): the API's words, which say to use or ask for the e-mailed link. */
const proofRefused = (error: unknown) => error instanceof ApiError && (error.status === 403 || error.status === 404 || error.status === 400);

/**
 * With the e-mailed link's cookie, the form is drawn at once. Without it, the page says how to get
 * one; a signed-in customer's "Continue" posts their token instead (the server holds none).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  if (!isOrderHelpForm(params.form)) throw data('Not found', { status: 404 });
  const orderNumber = normaliseOrderNumber(params.orderNumber) ?? params.orderNumber.trim().toUpperCase();
  const form: OrderHelpForm = params.form;
  const proof = proofFrom(null, request);
  if (!proof.linkToken) return data({ orderNumber, form, stage: { stage: 'find', problem: null } as Stage }, { headers: { 'cache-control': 'no-store' } });
  try {
    const order = await loadOrderProducts(proof, orderNumber);
    return data(
      { orderNumber, form, stage: { stage: 'form', via: 'link', order, values: {}, chosen: [] } as Stage },
      { headers: { 'cache-control': 'no-store' } },
    );
  } catch (error) {
    if (!proofRefused(error) && !(error instanceof ApiError && error.status === 429)) throw error;
    return data({ orderNumber, form, stage: { stage: 'find', problem: problemsFrom(error).problem } as Stage }, { headers: { 'cache-control': 'no-store' } });
  }
}

/**
 * Every step is a plain form post, with or without the page's scripts: `open` (signed in) finds the
 * order and draws the form; `send` sends it, drawing the form again with the API's messages when
 * refused, or the reference when sent.
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!isOrderHelpForm(params.form)) throw data('Not found', { status: 404 });
  const kind: OrderHelpForm = params.form;
  const orderNumber = normaliseOrderNumber(params.orderNumber) ?? params.orderNumber.trim().toUpperCase();
  if (tooLargeToRead(request, MAX_REPORT_BYTES))
    return data<Stage>({ stage: 'find', problem: 'The photos are too large: add up to 6, each smaller than 5MB.' }, { status: 413 });
  const form = await request.formData();
  const proof: OrderProof = proofFrom(form, request);
  // Signed in, the account decides; else the link's cookie (decision 0049).
  const via: Via = proof.accessToken ? 'account' : 'link';
  if (!proof.accessToken && !proof.linkToken) {
    const problem =
      form.get(PROOF_FIELDS.intent) === 'send'
        ? NOT_LOADED
        : 'To change this order, sign in, or use the link we e-mail to the address it was placed with: ask for one below.';
    return data<Stage>({ stage: 'find', problem }, { status: 400 });
  }
  let order: OrderProducts;
  try {
    order = await loadOrderProducts(proof, orderNumber);
  } catch (error) {
    return data<Stage>({ stage: 'find', problem: problemsFrom(error).problem }, { status: error instanceof ApiError ? error.status : 502 });
  }
  if (form.get(PROOF_FIELDS.intent) !== 'send') return data<Stage>({ stage: 'form', via, order, values: {}, chosen: [] });
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
      <PageHeader title={title} trail={[{ label: 'Manage your order', to: orderHelpHome(orderNumber) }, { label: `${orderNumber}: ${title}` }]} />
      <div className="container-page min-h-[30rem] max-w-3xl py-8 lg:py-10">
        {state.stage === 'sent' ? (
          <Sent answer={state.answer} orderNumber={orderNumber} via={state.via} />
        ) : state.stage === 'form' ? (
          <HelpForm kind={form} state={state} />
        ) : (
          <FindOrder orderNumber={orderNumber} form={form} problem={state.problem} />
        )}
      </div>
    </>
  );
}

/**
 * Reached without the order's proof (a bookmark, an expired link): signed in, "Continue" posts the
 * customer's token; a guest asks for the link on the order's page.
 */
function FindOrder({ orderNumber, form, problem }: { orderNumber: string; form: OrderHelpForm; problem: string | null }) {
  const { user, status } = useShopAuth();
  return (
    <div className="space-y-5 rounded-2xl border border-navy-100 bg-white p-6">
      {problem && <OrderHelpErrors problems={{ fields: [], problem }} />}
      {status === 'signed-in' ? (
        <Form method="post" action={orderHelpPath(orderNumber, form)} noValidate className="space-y-5">
          <p className="text-navy-800">
            Order <span className="font-mono font-semibold">{orderNumber}</span>, if it is on your account.
          </p>
          <input type="hidden" name={PROOF_FIELDS.intent} value="open" />
          <input type="hidden" name={PROOF_FIELDS.accessToken} value={user?.access_token ?? ''} />
          <Button type="submit">Continue</Button>
        </Form>
      ) : (
        <p className="text-navy-800">
          To change order <span className="font-mono font-semibold">{orderNumber}</span>, sign in if you placed it signed in, or{' '}
          <Link to={orderHelpHome(orderNumber)}>ask for a link</Link> to manage it: we e-mail it to the address the order was placed with.
        </p>
      )}
    </div>
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
      {/* The e-mailed link's cookie goes with the post by itself: only a signed-in customer's token is carried here. */}
      {state.via === 'account' && <input type="hidden" name={PROOF_FIELDS.accessToken} value={user?.access_token ?? ''} />}
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
      <ButtonLink to={via === 'link' ? orderHelpHome(orderNumber) : `/account/orders/${encodeURIComponent(orderNumber)}`} variant="secondary">
        Back to your order
      </ButtonLink>
    </section>
  );
}
