import { data } from 'react-router';
import type { Route } from './+types/staff-content-post-preview';
import { PostArticle } from '../components/blog/post-article.tsx';
import { requireShopSession } from '../lib/auth/session.server.ts';
import { loadBlogPost } from '../lib/blog/blog.server.ts';
import { pageMeta } from '../lib/meta.ts';
import { CONTENT_ROLES } from '../lib/staff-content/staff-content.ts';

/**
 * A blog post's draft or an earlier version as the blog would draw it, for content editors (the editor
 * frames the draft at phone and desktop widths, and links each version's preview).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = requireShopSession(request, { roles: CONTENT_ROLES });
  const asked = new URL(request.url).searchParams.get('version') ?? 'draft';
  const version = /^\d{1,9}$/.test(asked) && Number(asked) >= 1 ? Number(asked) : 'draft';
  const post = await loadBlogPost(request, context, params.slug, { accessToken: session.accessToken, version });
  if (!post) throw data(null, { status: 404 });
  return { post, version };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta(loaderData ? `Preview: ${loaderData.post.title}` : 'Preview', 'A preview for content editors.'),
  { name: 'robots', content: 'noindex' },
];

export default function StaffContentPostPreview({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p role="note" className="bg-amber-100 py-2 text-center text-sm font-semibold text-navy-950">
        Preview of {loaderData.version === 'draft' ? 'the draft' : `version ${loaderData.version}`}: the blog does not show this yet.
      </p>
      <PostArticle post={loaderData.post} />
    </>
  );
}
