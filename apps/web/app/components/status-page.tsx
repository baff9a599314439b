import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PopularCategories } from './popular-categories.tsx';
import { SearchForm } from './layout/search-form.tsx';
import { ButtonLink, buttonClasses } from './ui/button.tsx';

interface StatusPageProps {
  code: string;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}

/** The frame shared by the 404 and error pages: what happened, a search box, ways back. */
function StatusPage({ code, title, children, actions }: StatusPageProps) {
  return (
    <div className="container-page py-14 lg:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold tracking-widest text-teal-700 uppercase">{code}</p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-navy-950 sm:text-4xl">{title}</h1>
        <div className="mt-4 text-lg text-navy-700">{children}</div>
        <SearchForm id="status-search" label="Search the shop" className="mx-auto mt-8 max-w-lg" />
        <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>
        <PopularCategories limit={6} centered className="mt-12 border-t border-navy-100 pt-8" />
      </div>
    </div>
  );
}

export function NotFoundPage() {
  return (
    <StatusPage
      code="Error 404"
      title="Sorry, we can’t find that page"
      actions={
        <>
          <ButtonLink to="/" variant="primary">
            Go to the home page
          </ButtonLink>
          <ButtonLink to="/help" variant="secondary">
            Visit the help centre
          </ButtonLink>
        </>
      }
    >
      <p>The link may be out of date, or the page may have moved. Try searching, or start from one of our categories.</p>
    </StatusPage>
  );
}

/** What each refusal says: the visitor's own doing (too fast, too large) is told as theirs, not as the shop's fault. */
export function errorWords(status: number): { title: string; text: string } {
  // The API's rate limit for one visitor (decision 0047): their pages, not the shop, must wait.
  if (status === 429) {
    return {
      title: 'Too many pages opened at once',
      text: 'This connection has opened a lot of pages in a short time. Wait a minute, then try again.',
    };
  }
  // A form past the most any page reads (decision 0062): nothing of it was kept.
  if (status === 413) {
    return {
      title: 'What you sent was too large',
      text: 'The form and its files came to more than the shop can take, so nothing was sent. Go back to the form, choose smaller files, then send it again.',
    };
  }
  if (status === 503) {
    return { title: 'The shop is taking a short break', text: 'We can’t reach our product catalogue right now. Please try again in a few minutes.' };
  }
  return {
    title: 'Sorry, something went wrong on our side',
    text: 'This page didn’t load properly. Please try again; if it keeps happening, our help centre can help.',
  };
}

export function ErrorPage({ status }: { status: number }) {
  const { title, text } = errorWords(status);
  const { pathname, search } = useLocation();
  return (
    <StatusPage
      code={`Error ${status}`}
      title={title}
      actions={
        <>
          {/* A full page load, so the whole page (and its data) is fetched again. */}
          <a href={pathname + search} className={buttonClasses('primary')}>
            {status === 413 ? 'Back to the form' : 'Try again'}
          </a>
          <ButtonLink to="/" variant="secondary" reloadDocument>
            Go to the home page
          </ButtonLink>
        </>
      }
    >
      <p>{text}</p>
    </StatusPage>
  );
}
