import { ApiError } from '@shop/api-client';
import { ORDER_LINK_HOURS } from '@shop/contracts';
import { redirect } from 'react-router';
import type { Route } from './+types/order-help-link';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Link } from '../components/ui/link.tsx';
import { pageMeta } from '../lib/meta.ts';
import { openOrderLink } from '../lib/order-help/order-help.server.ts';
import { isOrderLinkProblem, orderHelpHome, orderLinkCookie, orderLinkProblemPath, type OrderLinkProblem } from '../lib/order-help/order-link.ts';

/**
 * The link we e-mail to manage an order (decision 0049) opens `/order-help/link/<token>`: the token
 * is checked with the API (in a header), kept in an HttpOnly cookie of that order's pages only, and
 * the browser is sent straight on to `/order-help/<number>` (or its change or upgrade page), so the token is never in a page, in the
 * browser's history after this, or in a Referer. A link that no longer works is explained at
 * `/order-help/link`, without its token.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const never = { 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
  if (!params.token) {
    const problem = new URL(request.url).searchParams.get('problem');
    return { problem: isOrderLinkProblem(problem) ? problem : ('invalid' satisfies OrderLinkProblem) };
  }
  try {
    const link = await openOrderLink(request, params.token);
    const cookie = orderLinkCookie(link.orderNumber, params.token, {
      maxAgeSeconds: (Date.parse(link.expiresAt) - Date.now()) / 1000,
      secure: new URL(request.url).protocol === 'https:',
    });
    // Asked for to change the order or upgrade its delivery (`?to=`, no secret), the link leads straight to that page.
    const to = new URL(request.url).searchParams.get('to');
    const page = to === 'change' || to === 'upgrade-delivery' ? `/${to}` : '';
    return redirect(`${orderHelpHome(link.orderNumber)}${page}`, { status: 303, headers: { ...never, 'set-cookie': cookie } });
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 403 && error.status !== 400 && error.status !== 429)) throw error;
    const problem: OrderLinkProblem = error.status === 429 ? 'busy' : error.code === 'ORDER_LINK_EXPIRED' ? 'expired' : 'invalid';
    return redirect(orderLinkProblemPath(problem), { status: 303, headers: never });
  }
}

export const meta: Route.MetaFunction = () => [...pageMeta('Manage your order', 'The link to manage your order.'), { name: 'robots', content: 'noindex' }];

const EXPLAINED: Record<OrderLinkProblem, { title: string; text: string }> = {
  expired: {
    title: 'This link has expired',
    text: `Ask for a new link, which works for ${ORDER_LINK_HOURS} hours: find your order with its number and e-mail address.`,
  },
  invalid: {
    title: 'This link does not work',
    text: 'It may have been copied only in part. Open the link in our latest e-mail about your order, or ask for a new one.',
  },
  busy: { title: 'Please wait a moment', text: 'Several links were opened from here in a short time. Wait a minute, then open the link again.' },
};

export default function OrderHelpLinkPage({ loaderData }: Route.ComponentProps) {
  const { title, text } = EXPLAINED[loaderData.problem];
  return (
    <>
      <PageHeader title={title} trail={[{ label: 'Track your order', to: '/track-order' }, { label: 'Manage your order' }]} />
      <div className="container-page max-w-3xl space-y-4 py-10">
        <p className="text-navy-900">{text}</p>
        <p className="text-navy-900">
          <Link to="/track-order">Track your order</Link> and choose “E-mail me a link to manage this order”.
        </p>
      </div>
    </>
  );
}
