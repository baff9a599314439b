import { data, NavLink, redirect } from 'react-router';
import type { Route } from './+types/help-topic';
import { HelpTopicIcon } from '../components/help-icon.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { cn } from '../lib/cn.ts';
import { HELP_TOPICS, helpLinkLabel, helpPath } from '../lib/help-topics.ts';
import { ContentBlocks } from '../components/content/content-blocks.tsx';
import { loadContentPageOr } from '../lib/content/content-page.server.ts';
import { helpPageFallback } from '../lib/content/help-fallbacks.server.ts';
import { pageMeta } from '../lib/meta.ts';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const topic = HELP_TOPICS.find((candidate) => candidate.slug === params.topic);
  if (!topic) throw data(null, { status: 404 });
  // A topic another page answers (Track my order: the tracker) sends old links and bookmarks there.
  if ('path' in topic) throw redirect(topic.path, 301);
  // The contact page has a route of its own (help-contact.tsx).
  if (!('contentPage' in topic)) throw data(null, { status: 404 });
  // Staff edit each help page: its content page is its body, or with none to show the page's fallback (decisions 0085, 0123).
  const fallback = { title: topic.title, seoDescription: topic.summary, blocks: helpPageFallback(topic.slug) };
  return { topic, page: await loadContentPageOr(request, context, topic.contentPage, fallback) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? pageMeta(loaderData.page.seoTitle, loaderData.page.seoDescription) : []);

export default function HelpTopicPage({ loaderData }: Route.ComponentProps) {
  const { topic, page } = loaderData;
  const title = page.title;
  return (
    <>
      <PageHeader title={title} trail={[{ label: 'Help centre', to: '/help' }, { label: title }]} intro={<p>{topic.summary}</p>} />
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-10 py-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:py-12">
        <nav aria-label="Help topics" className="order-last lg:order-first">
          <h2 className="text-sm font-semibold tracking-wider text-navy-600 uppercase">Help topics</h2>
          <ul className="mt-3 space-y-1">
            {HELP_TOPICS.map((item) => (
              <li key={item.slug}>
                <NavLink
                  to={helpPath(item.slug)}
                  className={({ isActive }) =>
                    cn(
                      'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium',
                      isActive ? 'bg-teal-50 text-teal-800' : 'text-navy-800 hover:bg-navy-50',
                    )
                  }
                >
                  <HelpTopicIcon slug={item.slug} className="size-5 shrink-0" />
                  {helpLinkLabel(item)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <article className="max-w-3xl">
          <ContentBlocks blocks={page.blocks} />
        </article>
      </div>
    </>
  );
}
