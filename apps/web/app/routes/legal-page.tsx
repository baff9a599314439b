import { londonLongDate } from '@shop/contracts';
import { Fragment } from 'react';
import { data, useMatches } from 'react-router';
import type { Route } from './+types/legal-page';
import { LegalPageFrame } from '../components/content/page-contents.tsx';
import { LEGAL_PAGES_UPDATED, termsOfSale, type LegalSection } from '../content/legal-pages.tsx';
import { legalPageOf } from '../lib/legal-pages.ts';
import { pageMeta } from '../lib/meta.ts';
import { loadShopDetails } from '../lib/shop-details.server.ts';

/**
 * Terms of sale (the privacy and cookie notices and the review policy are content pages, legal-content-page.tsx).
 * The loader reads the company's details, which are its substance: without them, no page rather than a wrong one.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const shop = await loadShopDetails(request, context);
  if (!shop) throw data({ reason: 'shop-details-unavailable' }, { status: 503 });
  return { shop };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const page = legalPageOf(matches.at(-1)?.id);
  return page ? pageMeta(page.title, page.summary) : [];
};

const updated = londonLongDate(`${LEGAL_PAGES_UPDATED}T12:00:00Z`);

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const page = legalPageOf(useMatches().at(-1)?.id)!;
  const sections: LegalSection[] = termsOfSale(loaderData.shop);
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
