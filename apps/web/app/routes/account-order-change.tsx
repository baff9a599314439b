import { ApiError, createOrderBasketsClient, createPaymentsClient } from '@shop/api-client';
import { data, redirect } from 'react-router';
import type { Route } from './+types/account-order-change';
import { OrderChanges, type DifferencePayment } from '../components/order-change/order-changes.tsx';
import { OrderSubpage } from '../components/order-change/order-subpage.tsx';
import { throwIfSignedOutOrRateLimited } from '../lib/account/account-api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { sendOrderChangeStep } from '../lib/order-change/order-change-step.server.ts';
import { requireShopSession, sessionClientOptions } from '../lib/auth/session.server.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`Change order ${params.orderNumber.toUpperCase()}`, 'Add, remove or change items, or the delivery address, of an order not yet picked.'),
  { name: 'robots', content: 'noindex' },
];

function clients(request: Request) {
  const session = requireShopSession(request);
  return {
    changes: createOrderBasketsClient(sessionClientOptions(request, session, 'order-baskets')),
    payments: createPaymentsClient(sessionClientOptions(request, session, 'payments')),
  };
}

/** Opens the order's basket of changes (or the one already open): the order as it would be, with the difference. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const orderNumber = params.orderNumber.trim().toUpperCase();
  try {
    const basket = await clients(request).changes.openOrderBasket({ params: { id: orderNumber } });
    return { orderNumber, basket, problem: null };
  } catch (error) {
    throwIfSignedOutOrRateLimited(request, error);
    return data(
      { orderNumber, basket: null, problem: apiProblemMessage(error) },
      { status: error instanceof ApiError && error.status < 500 ? error.status : 503 },
    );
  }
}

type Answer = { error: string } | { payment: DifferencePayment };

export async function action({ request, params }: Route.ActionArgs) {
  const orderNumber = params.orderNumber.trim().toUpperCase();
  const form = await request.formData();
  const { changes, payments } = clients(request);
  try {
    const done = await sendOrderChangeStep(changes, orderNumber, form);
    if (done?.status === 'payment_required') {
      const config = await payments.getPaymentConfig();
      const frameUrl = config.kind === 'sandbox' ? `${config.frameUrl}?client_secret=${encodeURIComponent(done.payment.clientSecret)}` : null;
      return { payment: { ...done.payment, frameUrl, orderVersion: Number(form.get('orderVersion')) } } satisfies Answer;
    }
    if (done) return redirect(`/account/orders/${orderNumber}?changed=1`);
    return redirect(`/account/orders/${orderNumber}/change`);
  } catch (error) {
    throwIfSignedOutOrRateLimited(request, error);
    return data({ error: apiProblemMessage(error) }, { status: error instanceof ApiError && error.status < 500 ? 400 : 503 });
  }
}

export default function AccountOrderChangePage({ loaderData: { orderNumber, basket, problem }, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  return (
    <OrderSubpage
      orderNumber={orderNumber}
      title={`Change order ${orderNumber}`}
      error={answer && 'error' in answer ? answer.error : null}
      problem={problem ?? (basket ? null : 'We couldn’t open the changes to this order. Please try again.')}
    >
      {basket && <OrderChanges basket={basket} payment={answer && 'payment' in answer ? answer.payment : null} />}
    </OrderSubpage>
  );
}
