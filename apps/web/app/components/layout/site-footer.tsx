import { Link } from 'react-router';
import type { NavigationCategory } from '../../lib/catalogue.ts';
import { categoryPath } from '../../lib/catalogue.ts';
import { featuredCategories } from '../../lib/featured.ts';
import { HELP_TOPICS, helpPath } from '../../lib/help-topics.ts';
import { LogoMark } from '../illustrations/logo.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

const PAYMENT_METHODS = ['Visa', 'Mastercard', 'Amex', 'Apple Pay', 'Google Pay', 'PayPal'];

const linkClass = 'text-sm text-navy-100 hover:text-white hover:underline';

function FooterColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ categories, copyrightYear }: { categories: readonly NavigationCategory[]; copyrightYear?: number }) {
  const shopLinks = featuredCategories(categories).map((category) => ({
    to: categoryPath(category.slug),
    label: category.name,
  }));

  return (
    <footer className="mt-auto">
      <section aria-labelledby="newsletter-heading" className="border-t border-teal-100 bg-teal-50">
        <div className="container-page flex flex-col gap-5 py-10 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-xl">
            <h2 id="newsletter-heading" className="text-xl font-bold tracking-tight text-navy-950">
              Bathroom ideas, new ranges and offers
            </h2>
            <p className="mt-1 text-navy-700">One email a month at most. Unsubscribe whenever you like.</p>
          </div>
          <NewsletterForm id="footer-newsletter" />
        </div>
      </section>

      <div className="on-dark bg-navy-950 text-navy-100">
        <div className="container-page grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-[1.4fr_1fr_1fr_1fr]">
          <div className="col-span-2 lg:col-span-1">
            <p className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-white">
              <LogoMark className="size-8" />
              Plumbline
            </p>
            <p className="mt-4 max-w-xs text-sm leading-relaxed">
              Bathrooms, heating and plumbing supplies for homeowners and the trade, delivered across the UK.
            </p>
          </div>
          <FooterColumn title="Help & advice" links={HELP_TOPICS.map((topic) => ({ to: helpPath(topic.slug), label: topic.title }))} />
          {shopLinks.length > 0 && <FooterColumn title="Shop" links={shopLinks} />}
          <FooterColumn
            title="Your Plumbline"
            links={[
              { to: '/account', label: 'Your account' },
              { to: '/wishlist', label: 'Wishlist' },
              { to: '/basket', label: 'Basket' },
              { to: '/help', label: 'Help centre' },
            ]}
          />
        </div>
        <div className="border-t border-white/10">
          <div className="container-page flex flex-col gap-4 py-6 text-xs text-navy-200 md:flex-row md:items-center md:justify-between">
            <div>
              <p>Prices include VAT at 20%. Trade prices are shown ex VAT.</p>
              <p className="mt-1">© {copyrightYear ? `${copyrightYear} ` : ''}Plumbline. Secure payments in pounds sterling.</p>
            </div>
            <ul aria-label="Ways to pay" className="flex flex-wrap gap-2">
              {PAYMENT_METHODS.map((method) => (
                <li key={method} className="rounded-md bg-white px-2.5 py-1 text-[0.6875rem] font-bold text-navy-900">
                  {method}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </footer>
  );
}
