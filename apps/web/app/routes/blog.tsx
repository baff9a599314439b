import { Link } from 'react-router';
import type { Route } from './+types/blog';
import { PILL_LINK, pillState, PostCard } from '../components/blog/post-card.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { blogListPath } from '../lib/blog/blog-paths.ts';
import { blogQuery, loadBlogList } from '../lib/blog/blog.server.ts';
import { cn } from '../lib/cn.ts';
import { pageMeta } from '../lib/meta.ts';

/** How many tags the list offers as filters: the most used. */
const TAGS_SHOWN = 12;

export async function loader({ request }: Route.LoaderArgs) {
  return { list: await loadBlogList(request, blogQuery(new URL(request.url))) };
}

type List = Route.ComponentProps['loaderData']['list'];
/** The category the list is filtered by, as staff named and described it. */
const categoryOf = (list: List) => list.categories.find((category) => category.slug === list.category);

const titleOf = (list: List) =>
  list.category ? (categoryOf(list)?.name ?? list.category) : list.tag ? `Posts tagged “${list.tag.replaceAll('-', ' ')}”` : 'Ideas & advice';

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        ...pageMeta(
          loaderData.list.page > 1 ? `${titleOf(loaderData.list)}, page ${loaderData.list.page}` : titleOf(loaderData.list),
          categoryOf(loaderData.list)?.description ??
            'Bathroom ideas, how-to guides and buying advice from Plumbline: plan, fit and look after your bathroom and heating.',
        ),
        { tagName: 'link', rel: 'alternate', type: 'application/rss+xml', title: 'Plumbline ideas & advice', href: '/blog/rss.xml' },
      ]
    : [];

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const title = titleOf(list);
  const filtered = list.category !== null || list.tag !== null;
  return (
    <>
      <PageHeader
        title={title}
        trail={filtered ? [{ label: 'Ideas & advice', to: '/blog' }, { label: title }] : [{ label: 'Ideas & advice' }]}
        intro={<p>{categoryOf(list)?.description ?? 'Bathroom ideas, how-to guides and buying advice from the people who answer your questions every day.'}</p>}
      />
      <div className="container-page space-y-8 py-8 lg:py-10">
        <nav aria-label="Blog categories">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to="/blog" className={cn(PILL_LINK, pillState(!filtered))} aria-current={!filtered ? 'page' : undefined}>
                All posts
              </Link>
            </li>
            {list.categories
              .filter((category) => category.postCount > 0)
              .map((category) => (
                <li key={category.slug}>
                  <Link
                    to={blogListPath({ category: category.slug })}
                    className={cn(PILL_LINK, pillState(list.category === category.slug))}
                    aria-current={list.category === category.slug ? 'page' : undefined}
                  >
                    {category.name} <span className="ml-1 opacity-80">({category.postCount})</span>
                  </Link>
                </li>
              ))}
          </ul>
        </nav>
        {list.posts.length === 0 ? (
          <p className="text-lg text-navy-800">There are no posts here yet. See all our ideas and advice instead.</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {list.posts.map((post) => (
              <li key={post.slug} className="flex">
                <PostCard post={post} />
              </li>
            ))}
          </ul>
        )}
        {list.totalPages > 1 && (
          <nav aria-label="Pages of posts" className="flex flex-wrap items-center justify-between gap-4">
            {list.page > 1 ? (
              <Link to={blogListPath({ ...list, page: list.page - 1 })} className="link font-semibold" rel="prev">
                Newer posts
              </Link>
            ) : (
              <span />
            )}
            <p className="text-navy-700">
              Page {list.page} of {list.totalPages}
            </p>
            {list.page < list.totalPages ? (
              <Link to={blogListPath({ ...list, page: list.page + 1 })} className="link font-semibold" rel="next">
                Older posts
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
        {list.tags.length > 0 && (
          <nav aria-label="Blog tags" className="border-t border-navy-100 pt-6">
            <h2 className="text-sm font-semibold tracking-wider text-navy-700 uppercase">Popular topics</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {list.tags.slice(0, TAGS_SHOWN).map(({ tag }) => (
                <li key={tag}>
                  <Link to={blogListPath({ tag })} className={cn(PILL_LINK, pillState(list.tag === tag))} aria-current={list.tag === tag ? 'page' : undefined}>
                    {tag.replaceAll('-', ' ')}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </>
  );
}
