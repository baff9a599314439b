import { ApiError } from '@shop/api-client';
import type { TermsCheck, TradeTerms } from '@shop/contracts';
import { data, redirect, useActionData } from 'react-router';
import type { Route } from './+types/trade-terms';
import { PageHeader } from '../components/layout/page-header.tsx';
import { Notice } from '../components/trade/trade-panels.tsx';
import { TermsAcceptance, versionIn } from '../components/trade/terms-acceptance.tsx';
import { throwIfRateLimited } from '../lib/api.server.ts';
import { apiProblemMessage } from '../lib/api-problem.ts';
import { readShopSession, requireShopSession, type ShopSession } from '../lib/auth/session.server.ts';
import { formText } from '../lib/form-text.ts';
import { Link } from '../components/ui/link.tsx';
import { formatInstant } from '../lib/checkout/order-tracking.ts';
import { helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';
import { tradeTermsClient, tradeTermsClientFor } from '../lib/trade/trade-api.server.ts';
import { TRADE_PATHS } from '../lib/trade/trade-paths.ts';

/**
 * Whether the signed-in customer has accepted the current terms, or null when they are not a trade
 * customer (the API refuses them) or it did not answer: then the page shows the terms alone.
 */
async function acceptanceOf(request: Request, session: ShopSession): Promise<TermsCheck | null> {
  try {
    return await tradeTermsClientFor(request, session).checkTermsAndConditions();
  } catch (error) {
    throwIfRateLimited(error);
    return null;
  }
}

/**
 * The current trade terms (a public call the API caches for a minute) and, for a signed-in trade
 * customer, whether they have accepted them, all drawn by the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = readShopSession(request);
  const [terms, acceptance] = await Promise.all([
    tradeTermsClient(request)
      .getTradeTerms()
      .catch(() => {
        throw data(null, { status: 503 });
      }),
    session ? acceptanceOf(request, session) : null,
  ]);
  return { terms, acceptance };
}

/** What the action refused: its words, and the version to accept (the current one, when the API names a newer one). */
interface Refused {
  problem: string;
  version: number;
}

/** Acceptance posted as a plain form: recorded by the API for the version read; done, the page shows it accepted (post, redirect, get). */
export async function action({ request }: Route.ActionArgs) {
  const session = requireShopSession(request);
  const form = await request.formData();
  const version = Number(formText(form, 'version'));
  if (!Number.isInteger(version) || version < 1) throw data(null, { status: 400 });
  if (!form.has('accept')) return data<Refused>({ problem: 'Tick the box to accept the trade terms', version }, { status: 400 });
  try {
    await tradeTermsClientFor(request, session).acceptTermsAndConditions({ query: { version } });
  } catch (error) {
    throwIfRateLimited(error);
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    return data<Refused>({ problem: apiProblemMessage(error), version: versionIn(error) ?? version }, { status: error.status });
  }
  return redirect(TRADE_PATHS.terms, 303);
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
          <AcceptHere terms={terms} acceptance={loaderData.acceptance} />
        </div>
      </div>
    </>
  );
}

/** For a signed-in trade customer: whether they have accepted this version, and the form if not. */
function AcceptHere({ terms, acceptance }: { terms: TradeTerms; acceptance: TermsCheck | null }) {
  const refused = useActionData<typeof action>();
  if (!acceptance) return null;
  if (acceptance.accepted) {
    return (
      <Notice title={`You accepted version ${acceptance.acceptedVersion ?? terms.version}`}>
        {acceptance.acceptedAt && (
          <>
            On <time dateTime={acceptance.acceptedAt}>{formatInstant(acceptance.acceptedAt)}</time>.{' '}
          </>
        )}
        <Link to={TRADE_PATHS.dashboard}>Back to your trade account</Link>
      </Notice>
    );
  }
  return (
    <TermsAcceptance
      // A refusal draws the form again, with its words and the version to accept.
      key={refused ? JSON.stringify(refused) : 'terms'}
      version={refused?.version ?? acceptance.currentVersion}
      refused={refused?.problem}
      linked={false}
    />
  );
}
