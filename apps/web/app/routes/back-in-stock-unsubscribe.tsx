import type { StockNotice } from '@shop/contracts';
import { Form, Link } from 'react-router';
import type { Route } from './+types/back-in-stock-unsubscribe';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Button } from '../components/ui/button.tsx';
import { callByToken } from '../lib/help-centre/enquiries.server.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Back-in-stock e-mails', 'Stop an e-mail about a product coming back into stock.'),
  { name: 'robots', content: 'noindex' },
];

const pathOf = (token: string) => `/Enquiry/product-notification-request/unsubscribe/${encodeURIComponent(token)}`;

export const loader = ({ params, request }: Route.LoaderArgs) => callByToken<StockNotice>('GET', pathOf(params.token), request);

/** Unsubscribing is a POST (a mail scanner opening the link must not do it). */
export const action = ({ params, request }: Route.ActionArgs) => callByToken<StockNotice>('POST', pathOf(params.token), request);

export default function BackInStockUnsubscribePage({ loaderData, actionData, params }: Route.ComponentProps) {
  const result = actionData ?? loaderData;
  return (
    <>
      <PageHeader title="Back-in-stock e-mails" trail={[{ label: 'Help centre', to: '/help' }, { label: 'Back-in-stock e-mails' }]} />
      <div className="container-page max-w-2xl py-8 lg:py-10">
        {!result.ok ? (
          <p className="text-navy-800" role="alert">
            {result.message}
          </p>
        ) : result.value.status === 'unsubscribed' ? (
          <p className="text-lg text-navy-900" role="status">
            You will not get an e-mail about {result.value.productName}.{' '}
            <Link to="/" className="font-semibold text-teal-700 underline">
              Carry on shopping
            </Link>
          </p>
        ) : (
          <>
            <p className="text-lg text-navy-900">
              {result.value.status === 'sent'
                ? `We have e-mailed you that ${result.value.productName} is back in stock. We will not e-mail you about it again.`
                : `We will e-mail you once when ${result.value.productName} is back in stock (reference ${result.value.reference}).`}
            </p>
            {result.value.status === 'waiting' && (
              <Form method="post" action={`/back-in-stock/unsubscribe/${params.token}`} className="mt-6">
                <Button type="submit">Stop this e-mail</Button>
              </Form>
            )}
          </>
        )}
      </div>
    </>
  );
}
