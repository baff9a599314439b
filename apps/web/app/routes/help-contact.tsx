import { Link } from 'react-router';
import type { Route } from './+types/help-contact';
import { PageHeader } from '../components/layout/page-header.tsx';
import { HELP_PAGES } from '../content/help-pages.tsx';
import { ENQUIRY_FORMS, MOVED_FORMS } from '../lib/help-centre/enquiry-forms.ts';
import { pageMeta } from '../lib/meta.ts';

export const meta: Route.MetaFunction = () =>
  pageMeta('Contact us', 'Send us a message through the right form and it goes straight to the team that answers it; or call, e-mail or write to us.');

/** Product forms are reached from a product page, with its code filled in; they are listed here too. */
const PRODUCT_FORMS = new Set(['product-question', 'price-match', 'email-a-product', 'back-in-stock']);

/** "Contact us": every form of the help centre, then how to call, e-mail or write to us (the help topic's page, kept as one). */
export default function HelpContactPage() {
  const groups = [
    {
      title: 'Send us a message',
      forms: [
        ...ENQUIRY_FORMS.filter((form) => !PRODUCT_FORMS.has(form.slug)).map((form) => ({ ...form, to: `/help/contact/${form.slug}` })),
        ...Object.entries(MOVED_FORMS).map(([slug, moved]) => ({ slug, ...moved })),
      ],
    },
    {
      title: 'About a product',
      forms: ENQUIRY_FORMS.filter((form) => PRODUCT_FORMS.has(form.slug)).map((form) => ({ ...form, to: `/help/contact/${form.slug}` })),
    },
  ];
  const Contact = HELP_PAGES.contact;
  return (
    <>
      <PageHeader
        title="Contact us"
        trail={[{ label: 'Help centre', to: '/help' }, { label: 'Contact us' }]}
        intro={<p>Choose what your message is about: it goes straight to the team that answers it, and you get a reference by e-mail.</p>}
      />
      <div className="container-page space-y-10 py-10 lg:py-12">
        {groups.map((group) => (
          <section key={group.title} aria-labelledby={`contact-${group.title}`}>
            <h2 id={`contact-${group.title}`} className="text-xl font-bold text-navy-950">
              {group.title}
            </h2>
            <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {group.forms.map((form) => (
                <li key={form.slug}>
                  <Link
                    to={form.to}
                    className="group block h-full rounded-2xl border border-navy-100 bg-white p-5 transition hover:border-teal-200 hover:shadow-lg"
                  >
                    <span className="block font-semibold text-navy-950 group-hover:text-teal-700">{form.title}</span>
                    <span className="mt-1 block text-sm text-navy-700">{form.summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <p className="text-navy-800">
          About an order?{' '}
          <Link to="/track-order" className="font-semibold text-teal-700 underline">
            Find your order
          </Link>{' '}
          to cancel it, return items or report damage. You can also{' '}
          <Link to="/feedback" className="font-semibold text-teal-700 underline">
            tell us what you think
          </Link>{' '}
          or see{' '}
          <Link to="/careers" className="font-semibold text-teal-700 underline">
            jobs with us
          </Link>
          .
        </p>
        <article className="prose max-w-3xl">
          <Contact />
        </article>
      </div>
    </>
  );
}
