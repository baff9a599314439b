import { data, Link } from 'react-router';
import type { Route } from './+types/blog-post';
import { PostArticle } from '../components/blog/post-article.tsx';
import { PostCard } from '../components/blog/post-card.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { loadBlogList, loadBlogPost } from '../lib/blog/blog.server.ts';
import { pageMeta } from '../lib/meta.ts';

/** How many of the newest posts the page for an unknown post offers instead. */
const OFFERED = 3;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const post = await loadBlogPost(request, context, params.slug);
  if (post) return { post, latest: null };
  // An old or mistyped address: a real 404 that offers the newest posts and the whole list.
  const latest = (await loadBlogList(request, { pageSize: OFFERED })).posts;
  return data({ post: null, latest }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.post
    ? pageMeta(loaderData.post.seoTitle, loaderData.post.seoDescription)
    : pageMeta('Post not found', 'We could not find that post. Here are our newest ideas and advice.');

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, latest } = loaderData;
  if (!post) {
    return (
      <>
        <PageHeader
          title="We cannot find that post"
          trail={[{ label: 'Ideas & advice', to: '/blog' }, { label: 'Post not found' }]}
          intro={<p>It may have moved, or the address may be mistyped. Here are our newest posts instead.</p>}
        />
        <div className="container-page space-y-6 py-8 lg:py-10">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {(latest ?? []).map((summary) => (
              <li key={summary.slug} className="flex">
                <PostCard post={summary} />
              </li>
            ))}
          </ul>
          <p>
            <Link to="/blog" className="link font-semibold">
              See all ideas and advice
            </Link>
          </p>
        </div>
      </>
    );
  }
  return <PostArticle post={post} />;
}
