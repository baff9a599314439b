import { data } from 'react-router';
import type { Route } from './+types/newsletter';
import { NewsletterForm } from '../components/layout/newsletter-form.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { pageMeta } from '../lib/meta.ts';
import { REFUSAL_STATUS } from '../lib/newsletter.ts';
import { signUpForNewsletter } from '../lib/newsletter.server.ts';

/**
 * Newsletter sign-up. The footer form posts here; with JavaScript it answers inline, without it the
 * browser lands on this page with the answer. The API stores the address as waiting and e-mails a
 * link to confirm it (decision 0044).
 */
export async function action({ request }: Route.ActionArgs) {
  const result = await signUpForNewsletter(await request.formData(), request);
  return result.ok ? result : data(result, { status: REFUSAL_STATUS[result.kind] });
}

export const meta: Route.MetaFunction = () => pageMeta('Newsletter', 'Bathroom ideas, new ranges and offers from Plumbline, once a month at most.');

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Newsletter" trail={[{ label: 'Newsletter' }]} intro={<p>Bathroom ideas, new ranges and offers, one email a month at most.</p>} />
      <div className="container-page py-10 lg:py-14">
        <section aria-labelledby="newsletter-page-heading" className="max-w-xl">
          <h2 id="newsletter-page-heading" className="mb-4 text-lg font-bold text-navy-950">
            Sign up
          </h2>
          <NewsletterForm id="newsletter-page" source="newsletter-page" result={actionData} />
        </section>
      </div>
    </>
  );
}
