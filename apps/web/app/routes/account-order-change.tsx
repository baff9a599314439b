import { ApiError, createOrderBasketsClient } from '@shop/api-client';
import { data, redirect } from 'react-router';
import type { Route } from './+types/account-order-change';
import { OrderChanges, type DifferencePayment } from '../components/order-change/order-changes.tsx';
import { OrderSubpage } from '../components/order-change/order-subpage.tsx';
import { throwIfSignedOutOrRateLimited } from '../lib/account/account-api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { sendOrderChangeStep } from '../lib/order-change/order-change-step.server.ts';
import { backToOrderDone, orderPageCaller } from '../lib/order-change/order-page-caller.server.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`Change order ${params.orderNumber.toUpperCase()}`, 'Add, remove or change items, or the delivery address, of an order not yet picked.'),
  { name: 'robots', content: 'noindex' },
];

/** The customer's own clients in their account, or a guest's with the e-mailed link (`/order-help/<number>/change`). */
function clients(request: Request, orderNumber: string) {
  const caller = orderPageCaller(request, orderNumber);
  return {
    caller,
    changes: createOrderBasketsClient(caller.clientOptions('order-baskets')),
  };
}

/** Opens the order's basket of changes (or the one already open): the order as it would be, with the difference. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const orderNumber = params.orderNumber.trim().toUpperCase();
  const { caller, changes } = clients(request, orderNumber);
  const page = { orderNumber, orderPath: caller.orderPath, guest: caller.guest };
  try {
    const basket = await changes.openOrderBasket({ params: { id: orderNumber } });
    return { ...page, basket, problem: null };
  } catch (error) {
    throwIfSignedOutOrRateLimited(request, error);
    return data({ ...page, basket: null, problem: apiProblemMessage(error) }, { status: error instanceof ApiError && error.status < 500 ? error.status : 503 });
  }
}

type Answer = { error: string } | { payment: DifferencePayment };

export async function action({ request, params }: Route.ActionArgs) {
  const orderNumber = params.orderNumber.trim().toUpperCase();
  const form = await request.formData();
  const { caller, changes } = clients(request, orderNumber);
  try {
    const done = await sendOrderChangeStep(changes, orderNumber, form);
    if (done?.status === 'payment_required') {
      const { card, wallets, savedCards } = done.options;
      const frameUrl = card.frameUrl ? `${card.frameUrl}?client_secret=${encodeURIComponent(done.payment.clientSecret)}` : null;
      const payment = { ...done.payment, frameUrl, card, wallets, savedCards, orderVersion: Number(form.get('orderVersion')) };
      return { payment } satisfies Answer;
    }
    if (done) return backToOrderDone(request, caller, 'changed');
    return redirect(`${caller.orderPath}/change`);
  } catch (error) {
    throwIfSignedOutOrRateLimited(request, error);
    return data({ error: apiProblemMessage(error) }, { status: error instanceof ApiError && error.status < 500 ? 400 : 503 });
  }
}

export default function AccountOrderChangePage({ loaderData: { orderNumber, orderPath, guest, basket, problem }, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  return (
    <OrderSubpage
      orderNumber={orderNumber}
      orderPath={orderPath}
      guest={guest}
      step={guest ? 'Change this order' : undefined}
      title={`Change order ${orderNumber}`}
      error={answer && 'error' in answer ? answer.error : null}
      problem={problem ?? (basket ? null : 'We couldn’t open the changes to this order. Please try again.')}
    >
      {basket && <OrderChanges basket={basket} action={`${orderPath}/change`} payment={answer && 'payment' in answer ? answer.payment : null} />}
    </OrderSubpage>
  );
}
