import { londonLongDate } from '@shop/contracts';
import { Fragment } from 'react';
import { data, useMatches } from 'react-router';
import type { Route } from './+types/legal-page';
import { PageHeader } from '../components/layout/page-header.tsx';
import { cookieNotice, LEGAL_PAGES_UPDATED, privacyNotice, reviewsPolicy, termsOfSale, type LegalSection } from '../content/legal-pages.tsx';
import { paymentsClient } from '../lib/api.server.ts';
import { legalPageOf } from '../lib/legal-pages.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadShopDetails } from '../lib/shop-details.server.ts';

/**
 * Terms of sale, privacy notice, cookie notice and how reviews are checked: one route module under four route ids
 * (routes.ts), each page picked by its id. The loader reads what all three need: the company's
 * details, which are their substance (without them, no page rather than a wrong one), and which
 * gateway takes payments, whose cookies the cookie notice lists.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const [shop, stripe] = await Promise.all([
    loadShopDetails(request, context),
    paymentsClient(request)
      .getPaymentConfig()
      .then(
        (config) => config.kind === 'stripe',
        () => null,
      ),
  ]);
  if (!shop || stripe === null) throw data({ reason: 'shop-details-unavailable' }, { status: 503 });
  return { shop, stripe };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = legalPageOf(matches.at(-1)?.id);
  return page ? pageMeta(page.title, page.summary) : [];
};

const updated = londonLongDate(`${LEGAL_PAGES_UPDATED}T12:00:00Z`);

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { shop, stripe } = loaderData;
  const page = legalPageOf(useMatches().at(-1)?.id)!;
  const sections: LegalSection[] = {
    '/terms': () => termsOfSale(shop),
    '/privacy': () => privacyNotice(shop),
    '/cookies': () => cookieNotice(shop, { stripe }),
    '/reviews-policy': () => reviewsPolicy(shop),
  }[page.path]();
  return (
    <>
      <PageHeader
        title={page.title}
        intro={
          <>
            <p>{page.summary}</p>
            <p className="mt-2 text-base">Last updated {updated}.</p>
          </>
        }
      />
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-10 py-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:py-12">
        <nav aria-label="On this page" className="lg:sticky lg:top-6 lg:self-start">
          {/* A phone folds the list away, so the page starts with its words; wider screens keep it beside them. */}
          <details className="rounded-xl border border-navy-100 lg:hidden">
            <summary className="cursor-pointer px-4 py-3 font-semibold text-navy-950">On this page</summary>
            <Contents sections={sections} />
          </details>
          <div className="hidden lg:block">
            <h2 className="text-sm font-semibold tracking-wider text-navy-600 uppercase">On this page</h2>
            <Contents sections={sections} />
          </div>
        </nav>
        <article className="prose max-w-3xl">
          {sections.map((section) => (
            <Fragment key={section.id}>
              <h2 id={section.id} className="scroll-mt-6">
                {section.heading}
              </h2>
              {section.body}
            </Fragment>
          ))}
        </article>
      </div>
    </>
  );
}

function Contents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <ol className="mt-3 space-y-1 pb-2 text-sm">
      {sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`} className="block rounded-lg px-3 py-2 font-medium text-navy-800 hover:bg-navy-50">
            {section.heading}
          </a>
        </li>
      ))}
    </ol>
  );
}
