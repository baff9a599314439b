import type { Route } from './+types/staff-content-preview';
import { ContentBlocks } from '../components/content/content-blocks.tsx';
import { HomePage } from '../components/home/home-page.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { requireShopSession } from '../lib/auth/session.server.ts';
import { loadContentPage } from '../lib/content/content-page.server.ts';
import { HOME_PAGE_SLUG } from '@shop/contracts';
import { loadHome } from '../lib/content/home-page.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { CONTENT_ROLES } from '../lib/staff-content/staff-content.ts';

/**
 * A page's draft or an earlier version as the shop would draw it, for content editors (the editor frames it at phone and desktop
 * widths); the home page's in the home page's own look, with what the shop draws around its blocks.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = requireShopSession(request, { roles: CONTENT_ROLES });
  const asked = new URL(request.url).searchParams.get('version') ?? 'draft';
  const version = /^(draft|\d{1,9})$/.test(asked) ? asked : 'draft';
  const preview = { version, accessToken: session.accessToken };
  if (params.slug === HOME_PAGE_SLUG) return { home: await loadHome(request, context, preview), page: null, version };
  return { home: null, page: await loadContentPage(request, context, params.slug, preview), version };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(`Preview: ${loaderData?.page?.title ?? loaderData?.home?.content?.title ?? 'a page'}`, 'A preview for content editors.'),
  { name: 'robots', content: 'noindex' },
];

export default function StaffContentPreview({ loaderData }: Route.ComponentProps) {
  const { home, page, version } = loaderData;
  return (
    <>
      <p role="note" className="bg-amber-100 py-2 text-center text-sm font-semibold text-navy-950">
        Preview of {version === 'draft' ? 'the draft' : `version ${version}`}: the shop does not show this yet.
      </p>
      {home && <HomePage {...home} />}
      {page && (
        <>
          <PageHeader title={page.title} intro={<p>{page.seoDescription}</p>} />
          <div className="container-page py-10">
            <ContentBlocks blocks={page.blocks} />
          </div>
        </>
      )}
    </>
  );
}
