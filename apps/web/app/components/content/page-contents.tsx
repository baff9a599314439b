import type { ReactNode } from 'react';
import { PageHeader } from '../layout/page-header.tsx';

/** A legal page's frame: its title, what it covers and when its words last changed, its contents beside its words. */
export function LegalPageFrame(props: {
  title: string;
  summary: string;
  updated: string | null;
  sections: readonly { id: string; heading: string }[];
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={props.title}
        intro={
          <>
            <p>{props.summary}</p>
            {props.updated && <p className="mt-2 text-base">Last updated {props.updated}.</p>}
          </>
        }
      />
      <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-10 py-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:py-12">
        <PageContents sections={props.sections} />
        {props.children}
      </div>
    </>
  );
}

/**
 * "On this page": a legal page's list of its sections, each a link to its heading's anchor. A phone folds
 * the list away, so the page starts with its words; wider screens keep it beside them. Plain links, no script.
 */
export function PageContents({ sections }: { sections: readonly { id: string; heading: string }[] }) {
  return (
    <nav aria-label="On this page" className="lg:sticky lg:top-6 lg:self-start">
      <details className="rounded-xl border border-navy-100 lg:hidden">
        <summary className="cursor-pointer px-4 py-3 font-semibold text-navy-950">On this page</summary>
        <Contents sections={sections} />
      </details>
      <div className="hidden lg:block">
        <h2 className="text-sm font-semibold tracking-wider text-navy-600 uppercase">On this page</h2>
        <Contents sections={sections} />
      </div>
    </nav>
  );
}

function Contents({ sections }: { sections: readonly { id: string; heading: string }[] }) {
  return (
    <ol className="mt-3 space-y-1 pb-2 text-sm">
      {sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`} className="block rounded-lg px-3 py-2 font-medium text-navy-800 hover:bg-navy-50">
            {section.heading}
          </a>
        </li>
      ))}
    </ol>
  );
}
