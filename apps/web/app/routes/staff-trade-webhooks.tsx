import type { CreditEventType, CreditWebhookEffect } from '@shop/contracts';
import type { Route } from './+types/staff-trade-webhooks';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { PostedStepForm, useStepDone } from '../components/staff/posted-step-form.tsx';
import { formText, stepProblemOf } from '../components/staff/step-form.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { Badge, type BadgeTone } from '../components/ui/badge.tsx';
import { FormField } from '../components/ui/form-field.tsx';
import { Input } from '../components/ui/input.tsx';
import { Link } from '../components/ui/link.tsx';
import { Pagination } from '../components/ui/pagination.tsx';
import { Select } from '../components/ui/select.tsx';
import { refusedStep, staffRead } from '../lib/auth/staff-page.server.ts';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { pageMeta } from '../lib/meta.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { STAFF_CREDIT_WEBHOOKS_PATH, STAFF_EXPOSURE_PATH } from '../lib/trade/staff-exposure.ts';
import { staffTradeCreditClient } from '../lib/trade/trade-api.server.ts';
import { STAFF_TRADE_PATHS, TRADE_REVIEW_AUDIENCE } from '../lib/trade/trade-paths.ts';

const PAGE_SIZE = 25;
const STEPS = ['send'] as const;

const EVENT_NAMES: Record<CreditEventType, string> = {
  'order.verified': 'Order approved',
  'order.updated': 'Order edited before dispatch (its amounts and lines as they stand)',
  'order.fulfilled': 'Order dispatched (the term starts)',
  'order.paid': 'Invoice paid by the business',
  'order.refunded': 'Order refunded in full',
  'order.cancelled': 'Order cancelled',
  'credit.decision': 'Credit decision for a business',
};
/** The events staff can send, in the order the form offers them (the browser bundle has no zod, so not the contracts' list). */
const EVENT_TYPES = Object.keys(EVENT_NAMES) as CreditEventType[];
const EFFECTS: Record<CreditWebhookEffect, { label: string; tone: BadgeTone }> = {
  applied: { label: 'Applied', tone: 'success' },
  superseded: { label: 'Already newer: changed nothing', tone: 'neutral' },
  unknown: { label: 'Not ours: changed nothing', tone: 'info' },
};

/** The webhooks received (a page), and with the sandbox the businesses to send a credit decision for, read on the server for the reviewer. */
export async function loader({ request }: Route.LoaderArgs) {
  const page = Math.min(10_000, Math.max(1, Number.parseInt(new URL(request.url).searchParams.get('page') ?? '1', 10) || 1));
  const api = staffTradeCreditClient(request);
  return staffRead(async () => {
    const received = await api.listCreditWebhooks({ query: { pageNumber: page, pageSize: PAGE_SIZE } });
    const businesses = received.sandbox ? (await api.getCreditExposure({ query: { pageSize: 50 } })).items : [];
    return { received, businesses: businesses.map((item) => ({ value: String(item.tradeAccountId), label: item.businessName })) };
  });
}

/** Makes the sandbox send an event, posted as a plain form: sent, the page comes back saying so. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const values = { type: formText(form, 'type'), orderNumber: formText(form, 'orderNumber'), tradeAccountId: formText(form, 'tradeAccountId') };
  const type = EVENT_TYPES.find((name) => name === values.type) ?? ('' as CreditEventType);
  try {
    await staffTradeCreditClient(request).sendSandboxCreditEvent({
      body:
        type === 'credit.decision'
          ? { type, tradeAccountId: Number(values.tradeAccountId) || undefined }
          : { type, orderNumber: values.orderNumber.trim() || undefined },
    });
  } catch (error) {
    return refusedStep(error, { intent: 'send', values }, (refusal) => stepProblemOf(refusal, new Set()));
  }
  return redirectWithNotice(request, `${STAFF_CREDIT_WEBHOOKS_PATH}?done=send`);
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Webhooks from Two | Staff', 'The credit provider’s webhooks received and what each did; with the sandbox, send any event.'),
  { name: 'robots', content: 'noindex' },
];

/** The provider's webhooks (decision 0098): what came, how often, and what it did; the sandbox's events to send. */
export default function StaffTradeWebhooksPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Webhooks from Two"
        intro={<p>Events Two, our trade credit provider, sent about orders on account and businesses’ credit, newest first, with what each did here.</p>}
        trail={[{ label: 'Your account', to: '/account' }, { label: 'Trade applications', to: STAFF_TRADE_PATHS.queue }, { label: 'Webhooks from Two' }]}
      />
      <div className="container-page min-h-[30rem] py-8 lg:py-10">
        {'forbidden' in loaderData ? <NeedStaffAccount {...TRADE_REVIEW_AUDIENCE} /> : <Webhooks {...loaderData} />}
      </div>
    </>
  );
}

type Loaded = Exclude<Route.ComponentProps['loaderData'], { forbidden: true }>;

function Webhooks({ received, businesses }: Loaded) {
  const { done, ref } = useStepDone(STEPS);
  return (
    <div className="space-y-6">
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={STAFF_TRADE_PATHS.queue}>Back to the applications</Link>
        <Link to={STAFF_EXPOSURE_PATH}>Exposure on account</Link>
      </p>
      <div ref={ref} tabIndex={-1} className="focus:outline-none">
        {done && (
          <Notice title="The sandbox is sending the event">
            It sends each event twice, the copy 5 seconds later, as Two does. Reload this page to see what it did.
          </Notice>
        )}
      </div>
      {received.sandbox && <SendEvent businesses={businesses} />}
      {received.items.length === 0 ? (
        <p className="text-navy-700">No webhooks have come from Two yet.</p>
      ) : (
        <ol className="divide-y divide-navy-100 rounded-2xl border border-navy-100 bg-white" aria-label="Webhooks received, newest first">
          {received.items.map((webhook) => (
            <li key={webhook.eventId} className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 p-4 text-sm">
              <div className="min-w-0">
                <p className="font-semibold text-navy-950">{EVENT_NAMES[webhook.type]}</p>
                <p className="text-navy-800">{webhook.summary}</p>
                <p className="text-navy-700">
                  {webhook.businessName ?? 'No business of ours'}
                  {webhook.orderNumber && (
                    <>
                      {' · '}
                      <Link to={`/staff/orders/${webhook.orderNumber}`}>{webhook.orderNumber}</Link>
                    </>
                  )}
                </p>
                <p className="text-xs text-navy-700">
                  Happened <time dateTime={webhook.occurredAt}>{formatInstant(webhook.occurredAt)}</time> · received{' '}
                  <time dateTime={webhook.receivedAt}>{formatInstant(webhook.receivedAt)}</time>
                  {webhook.deliveries > 1 && `, ${webhook.deliveries} times (applied once)`} · <span className="font-mono break-all">{webhook.eventId}</span>
                </p>
              </div>
              <Badge tone={EFFECTS[webhook.effect].tone}>{EFFECTS[webhook.effect].label}</Badge>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        label="Webhook pages"
        current={received.pageNumber}
        total={received.totalPages}
        hrefFor={(page) => (page === 1 ? STAFF_CREDIT_WEBHOOKS_PATH : `${STAFF_CREDIT_WEBHOOKS_PATH}?page=${page}`)}
      />
    </div>
  );
}

function SendEvent({ businesses }: { businesses: Loaded['businesses'] }) {
  return (
    <PostedStepForm
      intent="send"
      title="Send a sandbox event"
      hint={
        'The sandbox moves the order on as the event says and sends it, signed, as Two would. ' +
        'Give the order number for an order event, or choose the business for a credit decision.'
      }
      submitLabel="Send the event"
    >
      {(problem, ids, values) => (
        <div className="grid gap-4 md:grid-cols-3">
          <FormField label="Event" id={ids('type')} error={problem?.fields.type}>
            {(control) => (
              <Select
                {...control}
                name="type"
                defaultValue={values.type ?? 'order.paid'}
                options={EVENT_TYPES.map((type) => ({ value: type, label: EVENT_NAMES[type] }))}
              />
            )}
          </FormField>
          <FormField label="Order number (order events)" id={ids('orderNumber')} error={problem?.fields.orderNumber}>
            {(control) => <Input {...control} name="orderNumber" defaultValue={values.orderNumber ?? ''} autoComplete="off" spellCheck={false} />}
          </FormField>
          <FormField label="Business (credit decision)" id={ids('tradeAccountId')} error={problem?.fields.tradeAccountId}>
            {(control) => (
              <Select {...control} name="tradeAccountId" defaultValue={values.tradeAccountId ?? ''}>
                <option value="">Choose a business</option>
                {businesses.map((business) => (
                  <option key={business.value} value={business.value}>
                    {business.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
      )}
    </PostedStepForm>
  );
}
