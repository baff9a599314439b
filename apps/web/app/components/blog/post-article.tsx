import { Link } from 'react-router';
import { blogListPath } from '../../lib/blog/blog-paths.ts';
import type { DrawnPost } from '../../lib/blog/drawn-post.ts';
import { ContentBlocks } from '../content/content-blocks.tsx';
import { PageHeader } from '../layout/page-header.tsx';
import { cn } from '../../lib/cn.ts';
import { PILL_LINK, pillState, PostMeta } from './post-card.tsx';

/** The one post template (decision 0094): header with byline, date and reading time, hero, blocks, related products, topics. */
export function PostArticle({ post }: { post: DrawnPost }) {
  const category = post.categoryName;
  const related = post.related?.type === 'productCarousel' && post.related.products.length > 0 ? post.related : null;
  return (
    <article>
      <PageHeader
        title={post.title}
        trail={[{ label: 'Ideas & advice', to: '/blog' }, { label: category, to: blogListPath({ category: post.category }) }, { label: post.title }]}
        intro={
          <>
            <p>{post.summary}</p>
            <p className="mt-3 text-base text-navy-700">
              By <span className="font-semibold text-navy-900">{post.author}</span>
            </p>
            <PostMeta post={post} className="text-base text-navy-700" />
          </>
        }
      />
      <div className="container-page space-y-10 py-8 lg:py-10">
        <img
          src={post.heroImage.src}
          alt={post.heroImage.alt}
          width={800}
          height={533}
          className="aspect-[3/2] w-full max-w-3xl rounded-2xl bg-sand-100 object-cover"
        />
        <ContentBlocks blocks={post.blocks} />
        {related && <ContentBlocks blocks={[related]} />}
        {post.tags.length > 0 && (
          <nav aria-label="Topics of this post" className="max-w-3xl border-t border-navy-100 pt-6">
            <h2 className="text-sm font-semibold tracking-wider text-navy-700 uppercase">Topics</h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link to={blogListPath({ tag })} className={cn(PILL_LINK, pillState(false))}>
                    {tag.replaceAll('-', ' ')}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <p>
          <Link to="/blog" className="link font-semibold">
            More ideas and advice
          </Link>
        </p>
      </div>
    </article>
  );
}
