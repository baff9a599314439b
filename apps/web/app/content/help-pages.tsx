import type { ShopDetails } from '@shop/contracts';
import type { ComponentType } from 'react';
import { Link, linkClasses } from '../components/ui/link.tsx';
import { ShopAddress } from '../components/shop-address.tsx';
import type { HelpPageSlug } from '../lib/help-topics.ts';
import { helpPath } from '../lib/help-topics.ts';
import { Table } from './content-table.tsx';
import { companyLine, useShopDetails } from '../lib/shop-details.ts';
import { WEEE_TAKE_BACK_DAYS } from '../lib/shop-facts.ts';

// The contact page's body (the other help pages are content pages staff edit: decisions 0085, 0123):
// UK retail practice as docs/domain.md sets it out (§10.2 enquiry types). Plain words, no legal advice.
function Contact() {
  const shop = useShopDetails();
  return (
    <>
      {shop ? <ContactDetails shop={shop} /> : <p>We can’t show our contact details just now. Please try again in a few minutes.</p>}
      <h2>Who answers what</h2>
      <p>Tell us what your question is about and it goes straight to the team that can help, so you are not passed around.</p>
      <Table
        caption="Who answers which enquiry"
        head={['Enquiry', 'Answered by', 'Aim to reply']}
        rows={[
          ['Orders, deliveries and returns', 'Customer service', 'Next working day'],
          ['Product questions', 'Product team', '2 working days'],
          ['Electrical recycling (WEEE)', 'Operations', `Within the ${WEEE_TAKE_BACK_DAYS}-day take-back window`],
          ['Marketing and press', 'Marketing team', '2 working days'],
        ]}
      />
      <p>
        Many answers are already in the help centre: see <Link to={helpPath('delivery')}>delivery information</Link>,{' '}
        <Link to={helpPath('returns')}>returns and refunds</Link>, or <Link to={helpPath('track-order')}>track your order</Link> with its number and your e-mail
        address.
      </p>
      {shop && (
        <>
          <h2>About us</h2>
          <p>{companyLine(shop)}</p>
        </>
      )}
    </>
  );
}

function ContactDetails({ shop }: { shop: ShopDetails }) {
  return (
    <>
      <h2>Call us</h2>
      <p>
        <a href={shop.phone.uri} className={`${linkClasses} text-xl font-semibold`}>
          {shop.phone.display}
        </a>
        <span className="block">Lines are open {shop.openingHours}.</span>
      </p>
      <h2>E-mail us</h2>
      <p>
        <a href={`mailto:${shop.email}`} className={linkClasses}>
          {shop.email}
        </a>
        <span className="block">If it is about an order, please give its order number, which starts BP.</span>
      </p>
      <h2>Write to us</h2>
      <ShopAddress shop={shop} className="mt-3.5" />
    </>
  );
}

export const HELP_PAGES: Record<HelpPageSlug, ComponentType> = {
  contact: Contact,
};
