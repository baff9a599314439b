import { ApiError, createOrderBasketsClient } from '@shop/api-client';
import { data, redirect } from 'react-router';
import type { Route } from './+types/staff-order-change';
import { NeedStaffAccount } from '../components/auth/staff-gate.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { OrderChanges } from '../components/order-change/order-changes.tsx';
import { ChevronLeftIcon } from '../components/ui/icons.tsx';
import { Link } from '../components/ui/link.tsx';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { FORBIDDEN, staffClient } from '../lib/auth/staff-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { sendOrderChangeStep } from '../lib/order-change/order-change-step.server.ts';
import { redirectWithNotice } from '../lib/step-done.server.ts';
import { ORDER_ROLES, ORDERS_AUDIENCE, orderHref } from '../lib/staff-orders/orders.ts';

const changesApi = (request: Request) => staffClient(request, ORDER_ROLES, 'order-baskets', createOrderBasketsClient);
const numberOf = (params: { orderNumber: string }) => params.orderNumber.trim().toUpperCase();

/** An API refusal as the page's words (403: the staff member's roles changed since they signed in); a 5xx goes to the error page. */
function refusal(error: unknown) {
  throwIfRateLimited(error);
  if (!(error instanceof ApiError) || error.status >= 500) throw error;
  if (error.status === 403) return data(FORBIDDEN, { status: 403 });
  return data({ problem: apiProblemMessage(error) }, { status: error.status });
}

/**
 * Opens the order's basket of changes for a customer on the phone (or the one already open, theirs
 * or staff's: one per order), read on the server for the signed-in member of staff.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    return { basket: await changesApi(request).openOrderBasket({ params: { id: numberOf(params) } }) };
  } catch (error) {
    return refusal(error);
  }
}

/** A step of the changes, as a plain form; completed, the order's page says so (post, redirect, get). */
export async function action({ request, params }: Route.ActionArgs) {
  const orderNumber = numberOf(params);
  try {
    const done = await sendOrderChangeStep(changesApi(request), orderNumber, await request.formData());
    // The API asks staff for no payment (decision 0089): a higher total is e-mailed to the customer to pay (decision 0092).
    if (done?.status === 'completed') return redirectWithNotice(request, `${orderHref(orderNumber)}?done=change`);
    if (done?.status === 'sent_to_customer') return redirectWithNotice(request, `${orderHref(orderNumber)}?done=change-sent`);
    return redirect(`${orderHref(orderNumber)}/change`);
  } catch (error) {
    return refusal(error);
  }
}

export const meta: Route.MetaFunction = ({ params }) => [
  ...pageMeta(`Change ${params.orderNumber.toUpperCase()} | Orders`, 'Change an order for a customer on the phone: items, quantities and the address.'),
  { name: 'robots', content: 'noindex' },
];

/** Staff change an order for a customer on the phone, with the customer's rules: the same calls, the same refusals. */
export default function StaffOrderChangePage({ loaderData, actionData, params }: Route.ComponentProps) {
  const orderNumber = numberOf(params);
  const refused = actionData && 'problem' in actionData ? actionData.problem : null;
  return (
    <>
      <PageHeader
        title={`Change order ${orderNumber}`}
        trail={[
          { label: 'Your account', to: '/account' },
          { label: 'Orders', to: '/staff/orders' },
          { label: orderNumber, to: orderHref(orderNumber) },
          { label: 'Change' },
        ]}
      />
      <div className="container-page min-h-[36rem] space-y-6 py-8 lg:py-10">
        <Link to={orderHref(orderNumber)} className="inline-flex items-center gap-1">
          <ChevronLeftIcon className="size-4" />
          Back to the order
        </Link>
        {'forbidden' in loaderData ? (
          <NeedStaffAccount {...ORDERS_AUDIENCE} />
        ) : (
          <>
            {(refused ?? ('problem' in loaderData ? loaderData.problem : null)) && (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-800">
                {refused ?? ('problem' in loaderData ? loaderData.problem : null)}
              </p>
            )}
            {'basket' in loaderData && <OrderChanges basket={loaderData.basket} payment={null} forStaff />}
          </>
        )}
      </div>
    </>
  );
}
