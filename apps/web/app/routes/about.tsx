import type { Route } from './+types/about';
import { ContentBlocks } from '../components/content/content-blocks.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { loadContentPage } from '../lib/content/content-page.server.ts';
import { pageMeta } from '../lib/meta.ts';

/** "About us": a content page staff edit at /staff/content (decision 0085); with none published, the shop's 404 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return { page: await loadContentPage(request, context, 'about') };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? pageMeta(loaderData.page.seoTitle, loaderData.page.seoDescription) : []);

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <PageHeader title={page.title} trail={[{ label: page.title }]} />
      {/* Its words line up under the page's heading, as the help pages' do. */}
      <div className="container-page py-8 lg:py-10">
        <article className="max-w-3xl">
          <ContentBlocks blocks={page.blocks} />
        </article>
      </div>
    </>
  );
}
