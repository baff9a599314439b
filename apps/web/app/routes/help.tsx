import { Link } from 'react-router';
import type { Route } from './+types/help';
import { HelpTopicIcon } from '../components/help-icon.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { HELP_TOPICS, helpLinkLabel, helpPath } from '../lib/help-topics.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () =>
  pageMeta('Help centre', 'Delivery, returns, order tracking, recycling and how to reach us: answers from the Plumbline help centre.');

export default function HelpCentre() {
  return (
    <>
      <PageHeader
        title="Help centre"
        trail={[{ label: 'Help centre' }]}
        intro={<p>Answers about delivery, returns and recycling, your order, and how to reach us.</p>}
      />
      <div className="container-page py-10 lg:py-14">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {HELP_TOPICS.map((topic) => (
            <li key={topic.slug}>
              <Link
                to={helpPath(topic.slug)}
                className="group flex h-full gap-4 rounded-2xl border border-navy-100 bg-white p-5 transition hover:border-teal-200 hover:shadow-lg"
              >
                <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700">
                  <HelpTopicIcon slug={topic.slug} className="size-6" />
                </span>
                <span>
                  <span className="block font-semibold text-navy-950 group-hover:text-teal-700">{helpLinkLabel(topic)}</span>
                  <span className="mt-1 block text-sm text-navy-700">{topic.summary}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
