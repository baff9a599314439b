import { londonIsoDate, londonLongDate, type BlogPostSummary } from '@shop/contracts';
import { blogPostPath } from '@shop/contracts/blog-values';
import { Link } from 'react-router';

/** The blog's category and tag links: pills at least 44 px tall. */
export const PILL_LINK = 'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-medium';
export const pillState = (current: boolean) =>
  current ? 'border-teal-700 bg-teal-700 text-white' : 'border-navy-200 bg-white text-navy-900 hover:border-teal-600';

/** "12 November 2026 · 4 min read": a post's date (in London) and reading time. */
export function PostMeta({ post, className }: { post: Pick<BlogPostSummary, 'readingMinutes'> & { publishedAt: string | null }; className?: string }) {
  return (
    <p className={className}>
      {post.publishedAt ? <time dateTime={londonIsoDate(post.publishedAt)}>{londonLongDate(post.publishedAt)}</time> : 'Not published yet'}
      <span aria-hidden="true"> · </span>
      <span>{post.readingMinutes} min read</span>
    </p>
  );
}

/** A post in the blog's list: its hero, category, title (the link), summary, date and reading time. */
export function PostCard({ post, headingLevel = 'h2' }: { post: BlogPostSummary; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-navy-100 bg-white">
      <img src={post.heroImage.src} alt="" width={800} height={533} loading="lazy" className="aspect-[3/2] w-full bg-sand-100 object-cover" />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm font-semibold text-teal-800">{post.categoryName}</p>
        <Heading className="mt-1 text-lg font-bold text-navy-950">
          <Link to={blogPostPath(post.slug)} className="hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-navy-800">{post.summary}</p>
        <PostMeta post={post} className="mt-4 text-sm text-navy-700" />
      </div>
    </article>
  );
}
