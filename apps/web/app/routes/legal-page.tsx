import { londonLongDate } from '@shop/contracts';
import { Fragment } from 'react';
import { data, useMatches } from 'react-router';
import type { Route } from './+types/legal-page';
import { LegalPageFrame } from '../components/content/page-contents.tsx';
import { cookieNotice, LEGAL_PAGES_UPDATED, termsOfSale, type LegalSection } from '../content/legal-pages.tsx';
import { paymentsClient } from '../lib/api.server.ts';
import { legalPageOf } from '../lib/legal-pages.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadShopDetails } from '../lib/shop-details.server.ts';

/**
 * Terms of sale and cookie notice: one route module under two route ids (routes.ts), each page
 * picked by its id (the privacy notice and the review policy are content pages, legal-content-page.tsx).
 * The loader reads what both need: the company's details, which are their substance (without them,
 * no page rather than a wrong one), and which gateway takes payments, whose cookies the cookie notice lists.
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
    '/cookies': () => cookieNotice(shop, { stripe }),
  }[page.path as '/terms' | '/cookies']();
  return (
    <LegalPageFrame title={page.title} summary={page.summary} updated={updated} sections={sections}>
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
    </LegalPageFrame>
  );
}
