import type { ReactNode } from 'react';
import { Form, useLocation } from 'react-router';
import { PageHeader } from './layout/page-header.tsx';
import { Button, ButtonLink } from './ui/button.tsx';
import { Link } from './ui/link.tsx';
import { linkKind, newsletterDate, type NewsletterLinkAnswer } from '../lib/newsletter.ts';

/**
 * The page a newsletter e-mail's link opens: what the link is for, and a button that does it (a
 * POST, so a mail scanner opening the link changes nothing). Both the confirmation and the
 * unsubscribe pages are this page with their own words.
 */
export function NewsletterLinkPage({ answer }: { answer: NewsletterLinkAnswer }) {
  const location = useLocation();
  // The button posts to this page's own address, token included.
  const view = page(answer, linkKind(location.pathname), location.pathname + location.search);
  return (
    <>
      <PageHeader title={view.title} trail={[{ label: 'Newsletter', to: '/newsletter' }, { label: view.title }]} />
      <div className="container-page max-w-2xl space-y-6 py-8 lg:py-10">{view.body}</div>
    </>
  );
}

const signUpAgain = (label = 'Sign up again') => (
  <ButtonLink to="/newsletter" variant="secondary">
    {label}
  </ButtonLink>
);

function page(answer: NewsletterLinkAnswer, kind: 'confirm' | 'unsubscribe', action: string): { title: string; body: ReactNode } {
  if (!answer.ok) {
    return {
      title: answer.expired ? 'This link has expired' : 'This link does not work',
      body: (
        <>
          <p className="text-lg text-navy-900" role="alert">
            {answer.message}
          </p>
          {signUpAgain()}
        </>
      ),
    };
  }
  const { email, status, unsubscribedAt } = answer.value;
  if (status === 'unsubscribed') {
    return {
      title: 'You have unsubscribed',
      body: (
        <>
          <p className="text-lg text-navy-900" role="status">
            We will not send the newsletter to {email}
            {unsubscribedAt ? ` (you unsubscribed on ${newsletterDate(unsubscribedAt)})` : ''}.
          </p>
          <p className="text-navy-800">Changed your mind? Sign up again and we will email you a link to confirm.</p>
          {signUpAgain()}
        </>
      ),
    };
  }
  if (kind === 'confirm' && status === 'confirmed') {
    return {
      title: 'You’re subscribed',
      body: (
        <>
          <p className="text-lg text-navy-900" role="status">
            Thank you: we will send the Plumbline newsletter to {email}, one email a month at most.
          </p>
          <p className="text-navy-800">
            Every newsletter has a link to unsubscribe. <Link to="/">Carry on shopping</Link>
          </p>
        </>
      ),
    };
  }
  if (kind === 'confirm') {
    return {
      title: 'Confirm your subscription',
      body: (
        <>
          <p className="text-lg text-navy-900">Confirm that you want the Plumbline newsletter sent to {email}: bathroom ideas, new ranges and offers.</p>
          <Form method="post" action={action}>
            <Button type="submit">Confirm my subscription</Button>
          </Form>
          <p className="text-sm text-navy-700">If you did not sign up, close this page: we will not send you anything else.</p>
        </>
      ),
    };
  }
  return {
    title: 'Unsubscribe from the newsletter',
    body: (
      <>
        <p className="text-lg text-navy-900">
          {status === 'confirmed'
            ? `Stop sending the Plumbline newsletter to ${email}?`
            : `Stop the newsletter sign-up for ${email}? It has not been confirmed.`}
        </p>
        <Form method="post" action={action}>
          <Button type="submit">Unsubscribe</Button>
        </Form>
      </>
    ),
  };
}
