import type { ComponentType, ReactNode } from 'react';
import { Link } from '../components/ui/link.tsx';
import { Price } from '../components/ui/price.tsx';
import type { HelpTopicSlug } from '../lib/help-topics.ts';
import { helpPath } from '../lib/help-topics.ts';
import { formatPenceShort } from '../lib/money.ts';
import {
  CHANGE_OF_MIND_RETURN_DAYS,
  DELIVERY_OPTIONS,
  REFUND_WITHIN_DAYS,
  TRADE_BANDS,
  WEEE_TAKE_BACK_DAYS,
} from '../lib/shop-facts.ts';

// The help centre's page bodies: UK retail practice as summarised in DOMAIN.md (§2 delivery,
// §3 and §8.3 trade, §4 returns and WEEE, §8.5 enquiry types). Plain words, no legal advice.

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    // A focusable region, so a keyboard can scroll the table sideways if it is ever too wide.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={caption} tabIndex={0} className="my-6 overflow-x-auto rounded-xl border border-navy-100">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-sand-100 text-navy-900">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-3 py-3 font-semibold sm:px-4">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-100">
          {rows.map((row, index) => (
            // Rows are a fixed list in source order.
            <tr key={index}>
              {row.map((cell, column) =>
                column === 0 ? (
                  <th key={column} scope="row" className="px-3 py-3 font-semibold text-navy-950 sm:px-4">
                    {cell}
                  </th>
                ) : (
                  <td key={column} className="px-3 py-3 text-navy-800 sm:px-4">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Delivery() {
  return (
    <>
      <p>
        We deliver across mainland Great Britain. Parcels travel by courier; large items such as baths, shower enclosures,
        trays and furniture travel on a pallet or a larger vehicle.
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
            {option.freeOverPence !== undefined && (
              <span className="block text-xs text-teal-700">Free over {formatPenceShort(option.freeOverPence)}</span>
            )}
          </span>,
          option.timing,
        ])}
      />
      <p>
        Orders placed at the weekend or on a bank holiday are dispatched on the next working day. Saturday delivery needs your
        order by 12 noon on Friday.
      </p>
      <h2>Large and heavy items</h2>
      <p>
        Large items are delivered to the kerbside. Please have two people ready to help unload, and check that a 7.5 tonne
        vehicle can reach your address. Our two-person service brings items to a room of your choice on the ground or first
        floor; it does not include installation or removing packaging.
      </p>
      <h2>Check before you sign</h2>
      <ul>
        <li>Check every item before you sign for it. If you cannot, sign for it as “unchecked” or “damaged”.</li>
        <li>Tell us about damage within 48 hours, and about missing items within 7 days.</li>
        <li>Please don’t book your installer until your goods have arrived and you have checked them.</li>
      </ul>
      <h2>Highlands, islands and Northern Ireland</h2>
      <p>
        Deliveries to the Scottish Highlands add {formatPenceShort(1500)} for parcels or {formatPenceShort(4500)} for large
        items and take 1 to 2 extra days. The Scottish islands and Northern Ireland add {formatPenceShort(2500)} for parcels or{' '}
        {formatPenceShort(9500)} for large items (pallets by quote) and take 2 to 5 extra days. We quote separately for the Isle
        of Man, the Channel Islands and the Isles of Scilly.
      </p>
    </>
  );
}

function Returns() {
  return (
    <>
      <p>
        Changed your mind? You have {CHANGE_OF_MIND_RETURN_DAYS} days from delivery to return items that are unused and in
        their original packaging.
      </p>
      <h2>How refunds work</h2>
      <p>
        We refund you within {REFUND_WITHIN_DAYS} days of getting the item back, or of receiving proof that you have sent it.
        If you return a whole order we also refund the standard delivery charge; premium delivery upgrades are not refunded.
      </p>
      <h2>Your legal rights</h2>
      <p>
        Under the Consumer Contracts Regulations you can cancel an online order until 14 days after the day it is delivered, and
        then have 14 days to send the goods back. Our {CHANGE_OF_MIND_RETURN_DAYS}-day policy is in addition to these rights.
        Trade and business orders follow our trade terms instead.
      </p>
      <h2>What we can’t take back</h2>
      <ul>
        <li>Made-to-measure, personalised or specially ordered items.</li>
        <li>Sealed hygiene products once the seal is broken.</li>
        <li>Items that have been installed, unless they are faulty.</li>
      </ul>
      <h2>Damaged, missing or faulty items</h2>
      <p>
        Report damage within 48 hours and missing items within 7 days of delivery. If something develops a fault, some
        manufacturers send an engineer to inspect it before a replacement is agreed. Cancelling before dispatch is always free;
        after dispatch it becomes a return.
      </p>
    </>
  );
}

function Contact() {
  return (
    <>
      <p>
        Our online enquiry forms open soon. Each one goes straight to the team that can help, so you will not be passed
        around:
      </p>
      <Table
        caption="Who answers which enquiry"
        head={['Enquiry', 'Answered by', 'Aim to reply']}
        rows={[
          ['Orders, deliveries and returns', 'Customer service', 'Next working day'],
          ['Price match', 'Sales team', '1 working day'],
          ['Product questions', 'Product team', '2 working days'],
          ['Trade accounts and call-backs', 'Trade desk', 'Same working day'],
          ['Electrical recycling (WEEE)', 'Operations', `Within the ${WEEE_TAKE_BACK_DAYS}-day take-back window`],
          ['Marketing and press', 'Marketing team', '2 working days'],
        ]}
      />
      <p>
        Many answers are already in the help centre: see <Link to={helpPath('delivery')}>delivery information</Link> and{' '}
        <Link to={helpPath('returns')}>returns and refunds</Link>.
      </p>
    </>
  );
}

function TrackOrder() {
  return (
    <>
      <p>
        Online order tracking opens soon. To track an order you will need your order number, from your confirmation email,
        and the postcode it is being delivered to.
      </p>
      <h2>What happens after you order</h2>
      <ol>
        <li>We confirm your order by email.</li>
        <li>We pick and pack it. Until then you can change or cancel it free of charge.</li>
        <li>We dispatch it and send tracking details. Until dispatch you can upgrade to a faster delivery by paying the difference.</li>
        <li>Large items: the courier contacts you to arrange the day.</li>
      </ol>
      <p>
        When it arrives, <Link to={helpPath('delivery')}>check everything before you sign</Link>.
      </p>
    </>
  );
}

function TradeAccounts() {
  return (
    <>
      <p>
        Plumbline trade accounts are for plumbers, heating engineers, bathroom fitters, builders, electricians, tilers, kitchen
        fitters, interior designers, property developers, landlords and facilities managers.
      </p>
      <h2>Trade bands</h2>
      <Table
        caption="Trade bands and their discounts"
        head={['Band', 'Discount off ex-VAT prices', 'Qualifies with']}
        rows={TRADE_BANDS.map((band) => [band.name, `${band.discountPercent}%`, band.qualifies])}
      />
      <ul>
        <li>Spend is your rolling 12-month total excluding VAT. We review bands every quarter.</li>
        <li>Your trade discount and a promotional code don’t combine: you get whichever is better.</li>
        <li>Some categories have a lower cap, such as 5% on electric showers, and clearance lines carry no extra discount.</li>
      </ul>
      <h2>What you’ll need to apply</h2>
      <ul>
        <li>Your company’s legal and trading names, or your details as a sole trader.</li>
        <li>Your Companies House number and VAT number, if you have them.</li>
        <li>Your trade, and optionally your Gas Safe, WRAS or NICEIC number.</li>
      </ul>
      <p>Online trade applications open soon. Once approved, your account starts at Trade Starter.</p>
    </>
  );
}

function WeeeRecycling() {
  return (
    <>
      <div className="my-6 flex items-center gap-4 rounded-xl bg-sand-100 p-4">
        <CrossedOutBin />
        <p className="text-sm text-navy-800">
          This symbol on a product or its packaging means it must not go in your household rubbish. Take it to a recycling
          centre, or use our take-back service.
        </p>
      </div>
      <h2>Free like-for-like take-back</h2>
      <p>
        When you buy a new electrical item from us, we will take back your old one of the same type free of charge. You have{' '}
        {WEEE_TAKE_BACK_DAYS} days from your purchase to hand it over.
      </p>
      <h2>Which products this covers</h2>
      <p>
        Electric and digital showers, LED and illuminated mirrors, extractor fans, electric towel rails and heating elements,
        shaver sockets, underfloor heating mats and smart heating controls.
      </p>
      <h2>How to use it</h2>
      <p>
        You can drop your old item off or ask us to collect it; collection may carry a transport charge. Recycling requests
        open online soon. Free take-back is for household customers; business customers should use a commercial waste service.
      </p>
    </>
  );
}

/** The crossed-out wheeled bin that marks electrical equipment (WEEE). */
function CrossedOutBin() {
  return (
    <svg viewBox="0 0 48 56" className="h-14 w-12 shrink-0" role="img" aria-label="Crossed-out wheeled bin symbol">
      <g fill="none" stroke="#081627" strokeWidth="2.5" strokeLinejoin="round">
        <path d="M12 14h24l-3 28H15z" />
        <path d="M9 14h30M20 10h8" />
        <circle cx="17" cy="45" r="3" />
        <path d="M6 6l36 42M42 6 6 48" strokeLinecap="round" />
      </g>
      <rect x="8" y="51" width="32" height="4" fill="#081627" />
    </svg>
  );
}

export const HELP_PAGES: Record<HelpTopicSlug, ComponentType> = {
  delivery: Delivery,
  returns: Returns,
  contact: Contact,
  'track-order': TrackOrder,
  'trade-accounts': TradeAccounts,
  'weee-recycling': WeeeRecycling,
};
