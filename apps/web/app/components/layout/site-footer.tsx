import type { ShopDetails } from '@shop/contracts';
import { Link } from 'react-router';
import type { NavigationCategory } from '../../lib/catalogue.ts';
import { categoryPath } from '../../lib/catalogue.ts';
import { featuredCategories } from '../../lib/featured.ts';
import { companyLine } from '../../lib/shop-details.ts';
import { unpackFooterColumns } from '../../lib/content/frame-items.ts';
import { TRADE_PATHS } from '../../lib/trade/trade-paths.ts';
import { LogoMark } from '../illustrations/logo.tsx';
import { ShopAddress } from '../shop-address.tsx';
import { COOKIE_SETTINGS_PATH } from './cookie-banner.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

// What checkout takes under either gateway (the sandbox and Stripe both take these cards). Wallets
// appear at checkout only where the gateway and the device offer them, so no badge promises one.
const PAYMENT_METHODS = ['Visa', 'Mastercard', 'American Express'];

interface FooterLink {
  to: string;
  label: string;
}

function FooterLinks({ links, className }: { links: readonly FooterLink[]; className: string }) {
  return (
    <ul className={`footer-links ${className}`}>
      {links.map((link) => (
        <li key={link.to}>
          {/* Not announced for route discovery: the header's links already bring these routes (a
              category, help, account, basket) and the rest are found when pressed, and the attribute
              on every footer link costs each page half a kilobyte (the page-bytes budgets). */}
          <Link to={link.to} discover="none">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function FooterColumn({ title, links }: { title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="footer-heading">{title}</h2>
      <FooterLinks links={links} className="mt-4 space-y-2.5" />
    </nav>
  );
}

/** Customer service's telephone, e-mail and hours, above the rest of the footer. */
function ContactBand({ shop }: { shop: ShopDetails }) {
  return (
    <section aria-labelledby="footer-contact-heading" className="border-t border-teal-100 bg-teal-50">
      <div className="container-page flex flex-col gap-4 py-8 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-xl">
          <h2 id="footer-contact-heading" className="section-heading">
            Questions about an order or a product?
          </h2>
          <p className="mt-1 text-navy-700">Our customer service team answers the phone {shop.openingHours}.</p>
        </div>
        <dl className="grid gap-x-8 gap-y-1 text-navy-900 sm:grid-cols-[auto_auto] sm:grid-rows-[auto_auto] sm:grid-flow-col">
          <dt className="text-sm text-navy-700">Call us</dt>
          <dd className="text-lg">
            <a href={shop.phone.uri} className="contact-link">
              {shop.phone.display}
            </a>
          </dd>
          <dt className="mt-2 text-sm text-navy-700 sm:mt-0">E-mail us</dt>
          <dd className="text-lg break-all">
            <a href={`mailto:${shop.email}`} className="contact-link">
              {shop.email}
            </a>
          </dd>
        </dl>
      </div>
    </section>
  );
}

export function SiteFooter({
  categories,
  copyrightYear,
  shop,
  columns,
  legal,
}: {
  categories: readonly NavigationCategory[];
  copyrightYear?: number;
  /** The columns of links staff edit (the global item `footer-columns`, decision 0085), packed (frame-items.ts). */
  columns: string;
  /** The legal pages' links, packed as one column: only those the shop shows now (decision 0128). */
  legal: string;
  /** Absent when the API could not say: the footer leaves the details out rather than invent them. */
  shop: ShopDetails | null;
}) {
  const shopLinks = featuredCategories(categories).map((category) => ({
    to: categoryPath(category.slug),
    label: category.name,
  }));

  return (
    <footer className="mt-auto">
      <section aria-labelledby="newsletter-heading" className="border-t border-navy-100 bg-sand-100">
        <div className="container-page flex flex-col gap-5 py-10 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-xl">
            <h2 id="newsletter-heading" className="section-heading">
              Bathroom ideas, new ranges and offers
            </h2>
            <p className="mt-1 text-navy-700">One email a month at most. Unsubscribe whenever you like.</p>
          </div>
          <NewsletterForm id="footer-newsletter" source="footer" />
        </div>
      </section>
      {shop && <ContactBand shop={shop} />}

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
            {shop && <ShopAddress shop={shop} className="mt-4 text-sm leading-relaxed" />}
          </div>
          {shopLinks.length > 0 && <FooterColumn title="Shop" links={shopLinks} />}
          {unpackFooterColumns(columns).map((column) => (
            <FooterColumn key={column.title} title={column.title} links={column.links} />
          ))}
          <FooterColumn
            title="Your Plumbline"
            links={[
              { to: '/account', label: 'Your account' },
              { to: TRADE_PATHS.dashboard, label: 'Trade accounts' },
              { to: '/wishlist', label: 'Wishlist' },
              { to: '/basket', label: 'Basket' },
              { to: '/catalogue', label: 'Request a printed catalogue' },
              { to: '/blog', label: 'Ideas & advice' },
              { to: '/help', label: 'Help centre' },
            ]}
          />
        </div>
        <div className="border-t border-white/10">
          <div className="container-page flex flex-col gap-5 py-6 text-xs text-navy-200 md:flex-row md:items-start md:justify-between">
            <div className="max-w-3xl space-y-2">
              <nav aria-label="Legal">
                <FooterLinks
                  links={[...(unpackFooterColumns(legal)[0]?.links ?? []), { to: COOKIE_SETTINGS_PATH, label: 'Cookie settings' }]}
                  className="flex flex-wrap gap-x-5 gap-y-2"
                />
              </nav>
              <p>Prices include VAT at 20%. Signed-in trade customers see their trade prices ex VAT first, with the price inc VAT beside.</p>
              {shop && <p>{companyLine(shop)}</p>}
              <p>© {copyrightYear ? `${copyrightYear} ` : ''}Plumbline. Secure card payments in pounds sterling.</p>
            </div>
            <ul aria-label="Ways to pay" className="flex shrink-0 flex-wrap gap-2">
              {PAYMENT_METHODS.map((method) => (
                <li key={method} className="pay-mark">
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
