import { londonLongDate } from '@shop/contracts';
import { data } from 'react-router';
import type { Route } from './+types/legal-content-page';
import { ContentBlocks } from '../components/content/content-blocks.tsx';
import { LegalPageFrame } from '../components/content/page-contents.tsx';
import { loadContentPage } from '../lib/content/content-page.server.ts';
import { CONTENT_PAGE_PATHS } from '../lib/content/content-page-paths.ts';
import { pageContents } from '../lib/content/heading-anchors.ts';
import { pageMeta } from '../lib/meta.ts';

/**
 * A legal page staff edit at /staff/content (decision 0128), the content page of its address's slug
 * (`/reviews-policy`): its words, its contents drawn from its headings' anchors, and when it was last
 * published. With none published, the shop's 404 page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // The page's data for a link followed in the browser is asked for at `/reviews-policy.data`.
  const path = new URL(request.url).pathname.toLowerCase().replace(/(\.data|\/)$/, '');
  const slug = Object.keys(CONTENT_PAGE_PATHS).find((candidate) => CONTENT_PAGE_PATHS[candidate] === path);
  if (!slug) throw data(null, { status: 404 });
  const page = await loadContentPage(request, context, slug);
  return { page, sections: pageContents(page.blocks).map((heading) => ({ id: heading.id, heading: heading.text })) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? pageMeta(loaderData.page.seoTitle, loaderData.page.seoDescription) : []);

export default function LegalContentPage({ loaderData }: Route.ComponentProps) {
  const { page, sections } = loaderData;
  return (
    <LegalPageFrame title={page.title} summary={page.seoDescription} updated={page.publishedAt ? londonLongDate(page.publishedAt) : null} sections={sections}>
      <article className="max-w-3xl">
        <ContentBlocks blocks={page.blocks} />
      </article>
    </LegalPageFrame>
  );
}
