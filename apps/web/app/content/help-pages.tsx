import {
  clockText,
  REMOTE_DELIVERY_ZONES,
  SATURDAY_CUT_OFF,
  TRADE_APPLICATION_MAX_DOCUMENTS,
  zoneDeliveryText,
  type ShopDetails,
  type TradeBand,
} from '@shop/contracts';
import { useLoaderData } from 'react-router';
import type { ComponentType } from 'react';
import { Link, linkClasses } from '../components/ui/link.tsx';
import { ShopAddress } from '../components/shop-address.tsx';
import { Price } from '../components/ui/price.tsx';
import type { HelpPageSlug } from '../lib/help-topics.ts';
import { helpPath } from '../lib/help-topics.ts';
import { formatPenceShort } from '@shop/contracts';
import { Table } from './content-table.tsx';
import { companyLine, useShopDetails } from '../lib/shop-details.ts';
import { bandsInOrder, discountText, qualifiesText } from '../lib/trade/bands.ts';
import { TRADE_PATHS } from '../lib/trade/trade-paths.ts';
import { DAMAGE_REPORT_HOURS, DELIVERY_OPTIONS, MISSING_REPORT_DAYS, WEEE_TAKE_BACK_DAYS } from '../lib/shop-facts.ts';

// The help centre's page bodies: UK retail practice as docs/domain.md sets it out (§4 delivery,
// §5 trade, §8 returns and WEEE, §10.2 enquiry types). Plain words, no legal advice; the
// terms of sale (legal-pages.tsx) say the same in full.

function Delivery() {
  return (
    <>
      <p>
        We deliver across mainland Great Britain. Parcels travel by courier; large items such as baths, shower enclosures, trays and furniture travel on a
        pallet or a larger vehicle.
      </p>
      <h2>Delivery options and prices</h2>
      <Table
        caption="Delivery options, prices and timings"
        head={['Option', 'For', 'Price (inc VAT)', 'When']}
        rows={DELIVERY_OPTIONS.map((option) => [
          option.name,
          option.appliesTo,
          <span key="price">
            <Price pence={option.pricePence} size="sm" />
            {option.freeOverPence !== undefined && <span className="block text-xs text-teal-700">Free over {formatPenceShort(option.freeOverPence)}</span>}
          </span>,
          option.timing,
        ])}
      />
      <p>
        Orders placed at the weekend or on a bank holiday are dispatched on the next working day. Saturday delivery needs your order by{' '}
        {clockText(SATURDAY_CUT_OFF)} on Friday.
      </p>
      <h2>Large and heavy items</h2>
      <p>
        Large items are delivered to the kerbside. Please have two people ready to help unload, and check that a 7.5 tonne vehicle can reach your address. Our
        two-person service brings items to a room of your choice on the ground or first floor; it does not include installation or removing packaging.
      </p>
      <h2>Check before you sign</h2>
      <ul>
        <li>Check every item before you sign for it. If you cannot, sign for it as “unchecked” or “damaged”.</li>
        <li>
          Tell us about damage within {DAMAGE_REPORT_HOURS} hours, and about missing items within {MISSING_REPORT_DAYS} days.
        </li>
        <li>Please don’t book your installer until your goods have arrived and you have checked them.</li>
      </ul>
      <h2>Highlands, islands and Northern Ireland</h2>
      <ul>
        {REMOTE_DELIVERY_ZONES.map((zone) => (
          <li key={zone}>{zoneDeliveryText(zone)}</li>
        ))}
      </ul>
    </>
  );
}

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

function TradeAccounts() {
  // The bands are the pricing module's rows, read by the page's loader (help-topic.tsx).
  const bands = (useLoaderData() as { bands?: TradeBand[] } | undefined)?.bands ?? [];
  return (
    <>
      <p>
        A Plumbline trade account gives your business trade prices on everything in the shop. It is for plumbers, heating engineers, bathroom fitters, builders,
        property developers, designers, housing providers and other trades. <Link to={TRADE_PATHS.apply}>Open a trade account</Link>.
      </p>
      <h2>Trade bands</h2>
      {bands.length > 0 ? (
        <Table
          caption="Trade bands and their discounts"
          head={['Band', 'Discount off ex-VAT prices', '12-month spend, ex VAT']}
          rows={bandsInOrder(bands).map((band) => [band.name, discountText(band.discountBasisPoints), qualifiesText(band)])}
        />
      ) : (
        <p>We couldn’t load the bands just now: please try again in a minute.</p>
      )}
      <ul>
        <li>Your band’s discount comes off the ex-VAT price; VAT is then added back at the product’s rate. A trade price is never above the retail price.</li>
        <li>Bundles already on offer get no extra trade discount.</li>
        <li>
          Our trade team chooses the band your account starts on. Your spend is your business’s trade orders over the last 12 months, ex VAT and less refunds:
          when it reaches the next band, your account moves up by itself. It never moves down by itself; only our trade team changes it.
        </li>
        <li>A promotion code works with your trade prices only when the promotion says so. The basket refuses any other code and tells you why.</li>
        <li>While you are signed in you see prices ex VAT first, with the price inc VAT beside; the bar at the top of the page switches them round.</li>
      </ul>
      <h2>Applying</h2>
      <ul>
        <li>Your business’s legal name, and its trading name if different; whether it is a sole trader, partnership, limited company or LLP.</li>
        <li>Its Companies House number (for a limited company or LLP), and its VAT number if it is registered.</li>
        <li>Your trade, how long you have traded, how many people work in the business and what you expect to spend with us each month.</li>
        <li>The business’s address and who we should contact, and any Gas Safe, NICEIC or other registration numbers.</li>
        <li>
          Optionally, up to {TRADE_APPLICATION_MAX_DOCUMENTS} documents that show you trade (an invoice, a bank statement heading, a utility bill, a
          registration card): PDF, JPG or PNG, each smaller than 5MB. Send them with your application, or add them on your application’s page while it waits for
          review or with your answer to a question of ours.
        </li>
      </ul>
      <p>
        You need a Plumbline account to apply. Our trade team reviews each application and e-mails you the decision; if we need to know more, we e-mail you a
        question, which you answer on <Link to={TRADE_PATHS.application}>your application’s page</Link>. Once approved, sign in again to see your trade prices.
      </p>
      <h2>Trade terms</h2>
      <p>
        Trade orders are placed on <Link to={TRADE_PATHS.terms}>our trade terms</Link> as well as our terms of sale. You accept them before your first trade
        order, and again whenever they change.
      </p>
    </>
  );
}

export const HELP_PAGES: Record<HelpPageSlug, ComponentType> = {
  delivery: Delivery,
  contact: Contact,
  'trade-accounts': TradeAccounts,
};
