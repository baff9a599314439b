import type { TermsCheck, TradeTerms } from '@shop/contracts';
import { useState } from 'react';
import { data } from 'react-router';
import type { Route } from './+types/trade-terms';
import { useShopAuth } from '../components/auth/use-shop-auth.ts';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { TermsAcceptance } from '../components/trade/terms-acceptance.tsx';
import { Link } from '../components/ui/link.tsx';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';
import { tradeTermsClient } from '../lib/trade/trade-api.server.ts';
import { TRADE_PATHS } from '../lib/trade/trade-paths.ts';
import { useTradeCustomer } from '../lib/trade/use-trade-customer.ts';
import { useApiClients, useApiData } from '../lib/use-api.ts';

/** The current trade terms, drawn by the server (a public call the API caches for a minute). */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    return { terms: await tradeTermsClient(request).getTradeTerms() };
  } catch {
    throw data(null, { status: 503 });
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta(loaderData ? `${loaderData.terms.title}` : 'Trade terms', 'The terms Plumbline trade account holders buy on, as well as our terms of sale.');

/** The trade terms of the current version; a trade customer who has not accepted them can do so here. */
export default function TradeTermsPage({ loaderData }: Route.ComponentProps) {
  const { terms } = loaderData;
  return (
    <>
      <PageHeader
        title={terms.title}
        intro={
          <p>
            Version {terms.version}, published <time dateTime={terms.publishedAt}>{formatInstant(terms.publishedAt)}</time>. For trade account holders, as well
            as our <Link to="/terms">terms of sale</Link>.
          </p>
        }
        trail={[{ label: 'Trade accounts', to: helpPath('trade-accounts') }, { label: 'Trade terms' }]}
      />
      <div className="container-page grid gap-10 py-10 lg:grid-cols-[minmax(0,1fr)_20rem] lg:py-12">
        <article className="prose max-w-3xl" aria-label={`${terms.title}, version ${terms.version}`}>
          {terms.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
          ))}
        </article>
        <div>
          <AcceptHere terms={terms} />
        </div>
      </div>
    </>
  );
}

/** For a signed-in trade customer: whether they have accepted this version, and the form if not. */
function AcceptHere({ terms }: { terms: TradeTerms }) {
  const auth = useShopAuth();
  const clients = useApiClients();
  const sub = auth.user?.profile.sub;
  const { trade } = useTradeCustomer();
  const [accepted, setAccepted] = useState<TermsCheck | null>(null);
  const check = useApiData(trade && clients && sub ? `trade-terms:${sub}` : undefined, (signal) =>
    clients!.tradeTerms.checkTermsAndConditions(undefined, { signal }),
  );
  if (!trade) return null;
  const state = accepted ?? (check.state === 'ready' ? check.data : null);
  if (!state) return null;
  if (state.accepted) {
    return (
      <Notice title={`You accepted version ${state.acceptedVersion ?? terms.version}`}>
        {state.acceptedAt && (
          <>
            On <time dateTime={state.acceptedAt}>{formatInstant(state.acceptedAt)}</time>.{' '}
          </>
        )}
        <Link to={TRADE_PATHS.dashboard}>Back to your trade account</Link>
      </Notice>
    );
  }
  return <TermsAcceptance version={state.currentVersion} onAccepted={setAccepted} linked={false} />;
}
